#import "NotificationService.h"
#import <FirebaseMessaging/FirebaseMessaging.h>

@implementation NotificationService

- (void)didReceiveNotificationRequest:(UNNotificationRequest *)request withContentHandler:(void (^)(UNNotificationContent *))contentHandler {
    UNMutableNotificationContent *content = [request.content mutableCopy];
    [[FIRMessaging extensionHelper] populateNotificationContent:content withContentHandler:contentHandler];
}

@end
