/// The keys of `aps`, `aps.alert` and `aps.sound` (in a payload and in a nested one) that Apple
/// does not define, each with the key it is probably meant to be: what `aps-unknown-key`,
/// `custom-key-in-aps` and `alert-unknown-key` split between them.
enum UnknownPayloadKeys {
    /// Where an unknown key is.
    enum Level {
        case aps, alert, sound
    }

    /// An unknown key, its key path and the nearest key Apple defines (a key path, when the key
    /// belongs one level up or down: `aps.alert.title` for a `title` in `aps`).
    struct Key {
        var keyPath: String
        var level: Level
        var suggestion: String?
    }

    static func find(in payload: PayloadDocument) -> [Key] {
        var keys: [Key] = []
        for scope in payload.scopes {
            let apsPath = PayloadDocument.path(scope.prefix, "aps")
            guard case .dictionary(let aps)? = scope.members["aps"] else { continue }
            let alertPath = PayloadDocument.path(apsPath, "alert")
            for key in aps.keys.sorted() where !APSDictionary.knownKeys.contains(key) {
                keys.append(
                    Key(
                        keyPath: PayloadDocument.path(apsPath, key), level: .aps,
                        suggestion: suggestion(
                            for: key, among: APSDictionary.knownKeys, orOneOf: PayloadAlert.knownKeys, at: alertPath)))
            }
            if case .dictionary(let alert)? = aps["alert"] {
                // A Live Activity's alert (ActivityKit's AlertConfiguration) carries its sound.
                let liveActivity = scope.payload.aps?.isLiveActivity == true
                for key in alert.keys.sorted()
                where !PayloadAlert.knownKeys.contains(key) && !(liveActivity && key == "sound") {
                    keys.append(
                        Key(
                            keyPath: PayloadDocument.path(alertPath, key), level: .alert,
                            suggestion: suggestion(
                                for: key, among: PayloadAlert.knownKeys, orOneOf: APSDictionary.knownKeys, at: apsPath))
                    )
                }
            }
            if case .dictionary(let sound)? = aps["sound"] {
                let soundPath = PayloadDocument.path(apsPath, "sound")
                for key in sound.keys.sorted() where !NotificationSound.knownKeys.contains(key) {
                    keys.append(
                        Key(
                            keyPath: PayloadDocument.path(soundPath, key), level: .sound,
                            suggestion: Suggester.suggestion(for: key, among: NotificationSound.knownKeys)))
                }
            }
        }
        return keys
    }

    /// The key among `known` that `key` is close to; else, when `key` is one of `elsewhere` but for
    /// separators and case, that key's path under `elsewherePath`.
    private static func suggestion(
        for key: String, among known: [String], orOneOf elsewhere: [String], at elsewherePath: String
    ) -> String? {
        if let suggestion = Suggester.suggestion(for: key, among: known) { return suggestion }
        guard let other = Suggester.suggestion(for: key, among: elsewhere), other == Suggester.normalize(key) else {
            return nil
        }
        return PayloadDocument.path(elsewherePath, other)
    }
}
