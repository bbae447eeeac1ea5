// swift-tools-version: 5.9
import PackageDescription

// Written by the Capacitor CLI (`npx cap sync`): the plugins the app target links.
let package = Package(
    name: "CapApp-SPM",
    platforms: [.iOS(.v14)],
    products: [.library(name: "CapApp-SPM", targets: ["CapApp-SPM"])],
    dependencies: [
        .package(url: "https://github.com/ionic-team/capacitor-swift-pm.git", exact: "7.0.0"),
        .package(name: "OnesignalCordovaPlugin", path: "../../../node_modules/onesignal-cordova-plugin"),
    ],
    targets: [
        .target(
            name: "CapApp-SPM",
            dependencies: [
                .product(name: "Capacitor", package: "capacitor-swift-pm"),
                .product(name: "OnesignalCordovaPlugin", package: "OnesignalCordovaPlugin"),
            ]
        )
    ]
)
