#import <UserNotifications/UserNotifications.h>

@implementation NotificationService
- (void)didReceiveNotificationRequest:(UNNotificationRequest *)request withContentHandler:(void (^)(UNNotificationContent *))contentHandler {
    NSUserDefaults *shared = [[NSUserDefaults alloc] initWithSuiteName:@"group.com.example.beta"];
    [shared setObject:@"seen" forKey:@"last"];
    contentHandler(request.content);
}
@end
