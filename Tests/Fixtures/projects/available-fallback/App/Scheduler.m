#import <UIKit/UIKit.h>
#import <UserNotifications/UserNotifications.h>

@implementation Scheduler

- (void)schedule {
    if (@available(iOS 10.0, *)) {
        UNMutableNotificationContent *content = [[UNMutableNotificationContent alloc] init];
        content.categoryIdentifier = @"chat";
    } else {
        UILocalNotification *notification = [[UILocalNotification alloc] init];
        notification.category = @"OLD_SCHEDULE";
    }
}

@end
