/// An iPhone's screen width in points and its scale, for `render --device` (the table of
/// notification-appearance §5: Apple's old HIG for the older devices, third-party measurements for
/// the newer ones).
public struct DevicePreset: Sendable, Equatable {
    /// The device's marketing name, such as `iPhone 15 Pro`; `named(_:)` matches it loosely.
    public var name: String
    /// Screen width in points.
    public var width: Int
    /// Pixels per point (2 or 3 for every preset).
    public var scale: Int

    /// Creates a preset from a name, a screen width in points and a scale in pixels per point.
    public init(name: String, width: Int, scale: Int) {
        self.name = name
        self.width = width
        self.scale = scale
    }

    /// Every preset, oldest first.
    public static let all: [DevicePreset] = [
        DevicePreset(name: "iPhone SE", width: 320, scale: 2),
        DevicePreset(name: "iPhone 8", width: 375, scale: 2),
        DevicePreset(name: "iPhone 8 Plus", width: 414, scale: 3),
        DevicePreset(name: "iPhone X", width: 375, scale: 3),
        DevicePreset(name: "iPhone XS", width: 375, scale: 3),
        DevicePreset(name: "iPhone 11 Pro", width: 375, scale: 3),
        DevicePreset(name: "iPhone XR", width: 414, scale: 2),
        DevicePreset(name: "iPhone 11", width: 414, scale: 2),
        DevicePreset(name: "iPhone XS Max", width: 414, scale: 3),
        DevicePreset(name: "iPhone 11 Pro Max", width: 414, scale: 3),
        DevicePreset(name: "iPhone 12", width: 390, scale: 3),
        DevicePreset(name: "iPhone 13", width: 390, scale: 3),
        DevicePreset(name: "iPhone 14", width: 390, scale: 3),
        DevicePreset(name: "iPhone 14 Pro", width: 393, scale: 3),
        DevicePreset(name: "iPhone 15", width: 393, scale: 3),
        DevicePreset(name: "iPhone 15 Pro", width: 393, scale: 3),
        DevicePreset(name: "iPhone 14 Plus", width: 428, scale: 3),
        DevicePreset(name: "iPhone 12 Pro Max", width: 428, scale: 3),
        DevicePreset(name: "iPhone 13 Pro Max", width: 428, scale: 3),
        DevicePreset(name: "iPhone 15 Plus", width: 430, scale: 3),
        DevicePreset(name: "iPhone 14 Pro Max", width: 430, scale: 3),
        DevicePreset(name: "iPhone 15 Pro Max", width: 430, scale: 3),
        DevicePreset(name: "iPhone 16e", width: 390, scale: 3),
        DevicePreset(name: "iPhone 16", width: 393, scale: 3),
        DevicePreset(name: "iPhone 16 Pro", width: 402, scale: 3),
        DevicePreset(name: "iPhone 16 Plus", width: 430, scale: 3),
        DevicePreset(name: "iPhone 16 Pro Max", width: 440, scale: 3),
    ]

    /// The preset named `name`, compared without case, spaces or dashes (`iphone-15-pro`).
    public static func named(_ name: String) -> DevicePreset? {
        let key = normalized(name)
        return all.first { normalized($0.name) == key }
    }

    /// The scale seed 004 picks for a screen `width` points wide: 3 when wider than 375, else 2.
    public static func scale(forWidth width: Int) -> Int { width > 375 ? 3 : 2 }

    private static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
