/// The identifiers the scanner reacts to, found by length and bytes without making a string per token.
enum ScannerWord: String, CaseIterable {
    case unNotificationCategory = "UNNotificationCategory"
    case unNotificationAction = "UNNotificationAction"
    case unTextInputNotificationAction = "UNTextInputNotificationAction"
    case legacyMutableAction = "UIMutableUserNotificationAction"
    case legacyMutableCategory = "UIMutableUserNotificationCategory"
    case dismissActionIdentifier = "UNNotificationDismissActionIdentifier"
    case categoryIdentifier
    case setCategoryIdentifier
    case category
    case setCategory
    case setNotificationCategories
    case userNotificationSettings = "UIUserNotificationSettings"
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
    case localNotification = "UILocalNotification"
    case `let`
    case `var`
    case `case`
    case nsString = "NSString"
    case nsArray = "NSArray"
    case nsMutableArray = "NSMutableArray"
    case nsSet = "NSSet"
    case nsMutableSet = "NSMutableSet"
    case actionOptions = "UNNotificationActionOptions"
    case categoryOptions = "UNNotificationCategoryOptions"

    /// The table to look words up in; copy it once per file (a shared global read from several
    /// threads per token would contend on its reference counts).
    static let table = WordTable(allCases.map { ($0.rawValue, $0) })
}
