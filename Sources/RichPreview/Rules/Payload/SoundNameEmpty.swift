extension Rules {
    /// `"sound": ""` (or a critical sound whose name is empty): an empty name is not silence. iOS
    /// looks for a sound file of that name, finds none, and plays the default sound.
    public enum SoundNameEmpty: PayloadRule {
        /// This rule's id (`sound-name-empty`), default severity (warning), area (payload) and
        /// summary.
        public static let descriptor = RuleDescriptor(
            id: "sound-name-empty", severity: .warning, area: .payload,
            summary:
                "An empty aps.sound name: not silence; iOS finds no sound file of that name and plays the default sound. Leave sound out for a silent notification."
        )

        /// The payload's (and a nested one's) empty sound names.
        static func check(_ payload: PayloadDocument) -> [Finding] {
            payload.scopes.compactMap { scope in
                let keyPath: String
                switch scope.payload.aps?.sound {
                case .named(let name)? where name.trimmingCharacters(in: .whitespaces).isEmpty:
                    keyPath = "aps.sound"
                case .critical(let name?, _)? where name.trimmingCharacters(in: .whitespaces).isEmpty:
                    keyPath = "aps.sound.name"
                default:
                    return nil
                }
                return Finding(
                    rule: descriptor,
                    message:
                        "an empty sound name is not silence: iOS finds no such sound file and plays the default sound; leave sound out for a silent notification",
                    file: payload.file, keyPath: PayloadDocument.path(scope.prefix, keyPath))
            }
        }
    }
}
