import type { ExpoConfig } from "expo/config";

const config: ExpoConfig = {
  name: "Sample",
  ios: { bundleIdentifier: "com.example.expo" },
  plugins: [
    // Images on iOS come through the service extension the plugin adds.
    ["expo-notifications", { icon: "./assets/notification-icon.png" }],
    ["expo-notification-service-extension-plugin", { mode: "production", iosNSEFilePath: "./NotificationService.m" }],
  ],
};

export default config;
