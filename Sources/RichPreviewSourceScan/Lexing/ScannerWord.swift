/// The identifiers the source passes react to: the lexer marks each identifier (and Objective-C
/// `@` keyword) that spells one with its raw value (`SourceToken.word`), so the structure pass and
/// the file analyzer switch on a number instead of comparing bytes per token.
enum ScannerWord: UInt8, CaseIterable {
    case unNotificationCategory = 1
    case unNotificationAction
    case unTextInputNotificationAction
    case unNotificationActionIcon
    case legacyMutableAction
    case legacyMutableCategory
    case dismissActionIdentifier
    case categoryIdentifier
    case setCategoryIdentifier
    case category
    case setCategory
    case setNotificationCategories
    case userNotificationSettings
    case settingsForTypes
    case setActions
    case identifier
    case title
    case activationMode
    case destructive
    case isDestructive
    case authenticationRequired
    case isAuthenticationRequired
    case behavior
    case parameters
    case setIdentifier
    case setTitle
    case setActivationMode
    case setDestructive
    case setAuthenticationRequired
    case setBehavior
    case setParameters
    case insert
    case append
    case formUnion
    case addObject
    case addObjectsFromArray
    case localNotification
    case wkNotificationScene
    // Uses of what needs an entitlement (`ScannedCapabilityUse`).
    case timeSensitive
    case critical
    case interruptionLevelTimeSensitive
    case interruptionLevelCritical
    case defaultCritical
    case defaultCriticalSound
    case defaultCriticalSoundWithAudioVolume
    case criticalSoundNamed
    case updating
    case contentByUpdatingWithProvider
    // App group identifiers (`ScannedAppGroupUse`).
    case suiteName
    case initWithSuiteName
    case forSecurityApplicationGroupIdentifier
    case containerURLForSecurityApplicationGroupIdentifier
    case `let`
    case `var`
    case `case`
    case nsString
    case nsArray
    case nsMutableArray
    case nsSet
    case nsMutableSet
    case actionOptions
    case categoryOptions
    // Words the structure pass (declarations) and the analyzer (what precedes a `let`) need.
    case `func`
    case `init`
    case `subscript`
    case `deinit`
    case `struct`
    case `class`
    case `enum`
    case `extension`
    case `protocol`
    case actor
    case `import`
    case `typealias`
    case `if`
    case `guard`
    case `while`
    case `for`
    case `catch`
    // Availability checks (`#available`, `#unavailable`, Objective-C's `@available`).
    case available
    case unavailable

    /// The word as code spells it.
    var spelling: String {
        switch self {
        case .unNotificationCategory: "UNNotificationCategory"
        case .unNotificationAction: "UNNotificationAction"
        case .unTextInputNotificationAction: "UNTextInputNotificationAction"
        case .unNotificationActionIcon: "UNNotificationActionIcon"
        case .legacyMutableAction: "UIMutableUserNotificationAction"
        case .legacyMutableCategory: "UIMutableUserNotificationCategory"
        case .dismissActionIdentifier: "UNNotificationDismissActionIdentifier"
        case .categoryIdentifier: "categoryIdentifier"
        case .setCategoryIdentifier: "setCategoryIdentifier"
        case .category: "category"
        case .setCategory: "setCategory"
        case .setNotificationCategories: "setNotificationCategories"
        case .userNotificationSettings: "UIUserNotificationSettings"
        case .settingsForTypes: "settingsForTypes"
        case .setActions: "setActions"
        case .identifier: "identifier"
        case .title: "title"
        case .activationMode: "activationMode"
        case .destructive: "destructive"
        case .isDestructive: "isDestructive"
        case .authenticationRequired: "authenticationRequired"
        case .isAuthenticationRequired: "isAuthenticationRequired"
        case .behavior: "behavior"
        case .parameters: "parameters"
        case .setIdentifier: "setIdentifier"
        case .setTitle: "setTitle"
        case .setActivationMode: "setActivationMode"
        case .setDestructive: "setDestructive"
        case .setAuthenticationRequired: "setAuthenticationRequired"
        case .setBehavior: "setBehavior"
        case .setParameters: "setParameters"
        case .insert: "insert"
        case .append: "append"
        case .formUnion: "formUnion"
        case .addObject: "addObject"
        case .addObjectsFromArray: "addObjectsFromArray"
        case .localNotification: "UILocalNotification"
        case .wkNotificationScene: "WKNotificationScene"
        case .timeSensitive: "timeSensitive"
        case .critical: "critical"
        case .interruptionLevelTimeSensitive: "UNNotificationInterruptionLevelTimeSensitive"
        case .interruptionLevelCritical: "UNNotificationInterruptionLevelCritical"
        case .defaultCritical: "defaultCritical"
        case .defaultCriticalSound: "defaultCriticalSound"
        case .defaultCriticalSoundWithAudioVolume: "defaultCriticalSoundWithAudioVolume"
        case .criticalSoundNamed: "criticalSoundNamed"
        case .updating: "updating"
        case .contentByUpdatingWithProvider: "contentByUpdatingWithProvider"
        case .suiteName: "suiteName"
        case .initWithSuiteName: "initWithSuiteName"
        case .forSecurityApplicationGroupIdentifier: "forSecurityApplicationGroupIdentifier"
        case .containerURLForSecurityApplicationGroupIdentifier: "containerURLForSecurityApplicationGroupIdentifier"
        case .`let`: "let"
        case .`var`: "var"
        case .`case`: "case"
        case .nsString: "NSString"
        case .nsArray: "NSArray"
        case .nsMutableArray: "NSMutableArray"
        case .nsSet: "NSSet"
        case .nsMutableSet: "NSMutableSet"
        case .actionOptions: "UNNotificationActionOptions"
        case .categoryOptions: "UNNotificationCategoryOptions"
        case .`func`: "func"
        case .`init`: "init"
        case .`subscript`: "subscript"
        case .`deinit`: "deinit"
        case .`struct`: "struct"
        case .`class`: "class"
        case .`enum`: "enum"
        case .`extension`: "extension"
        case .`protocol`: "protocol"
        case .actor: "actor"
        case .`import`: "import"
        case .`typealias`: "typealias"
        case .`if`: "if"
        case .`guard`: "guard"
        case .`while`: "while"
        case .`for`: "for"
        case .`catch`: "catch"
        case .available: "available"
        case .unavailable: "unavailable"
        }
    }

    /// The words whose calls every scan records (`SourceScan.calls`), queried or not.
    static let ownCalls: [ScannerWord] = [.wkNotificationScene]

    /// The lexicon the lexer looks identifiers up in: word number `n` is the case of raw value `n`.
    static let lexicon = WordLexicon(allCases.map(\.spelling))
}
