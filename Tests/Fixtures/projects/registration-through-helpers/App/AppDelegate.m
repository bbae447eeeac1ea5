#import <UserNotifications/UserNotifications.h>

@implementation AppDelegate

- (UNNotificationCategory *)categoryNamed:(NSString *)name {
    UNNotificationAction *open = [UNNotificationAction actionWithIdentifier:@"open" title:@"Open" options:UNNotificationActionOptionForeground];
    return [UNNotificationCategory categoryWithIdentifier:name actions:@[open] intentIdentifiers:@[] options:UNNotificationCategoryOptionNone];
}

- (void)registerCategories {
    UNNotificationCategory *alpha = [UNNotificationCategory categoryWithIdentifier:@"alpha" actions:@[] intentIdentifiers:@[] options:0];
    UNNotificationCategory *beta = [UNNotificationCategory categoryWithIdentifier:@"beta" actions:@[] intentIdentifiers:@[] options:0];
    UNNotificationCategory *gamma = [self categoryNamed:@"gamma"];
    NSArray *listed = [NSArray arrayWithObjects:alpha, beta, nil];
    [[UNUserNotificationCenter currentNotificationCenter] setNotificationCategories:[NSSet setWithObjects:gamma, nil]];
    [[UNUserNotificationCenter currentNotificationCenter] setNotificationCategories:[NSSet setWithArray:listed]];
}

@end
