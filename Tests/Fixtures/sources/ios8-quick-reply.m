// iOS 8 quick-reply buttons, written for richpreview after the accept/reject example of seed 000.
#import "AppDelegate.h"

@implementation AppDelegate

- (void)registerQuickReply:(UIApplication *)application {
    // Accept opens the app.
    UIMutableUserNotificationAction *acceptAction = [[UIMutableUserNotificationAction alloc] init];
    acceptAction.identifier = @"acceptAction";
    acceptAction.title = @"接受";
    acceptAction.activationMode = UIUserNotificationActivationModeForeground;

    // Reject runs in the background, needs the device unlocked, and is drawn in red.
    UIMutableUserNotificationAction *rejectAction = [[UIMutableUserNotificationAction alloc] init];
    rejectAction.identifier = @"rejectAction";
    rejectAction.title = @"拒绝";
    rejectAction.activationMode = UIUserNotificationActivationModeBackground;
    rejectAction.authenticationRequired = YES; /* rejectAction.authenticationRequired = NO; */
    [rejectAction setDestructive:YES];

    UIMutableUserNotificationCategory *alertCategory = [[UIMutableUserNotificationCategory alloc] init];
    alertCategory.identifier = @"alert";
    NSArray *actions = @[acceptAction, rejectAction];
    [alertCategory setActions:actions forContext:(UIUserNotificationActionContextMinimal)];

    UIMutableUserNotificationAction *laterAction = [UIMutableUserNotificationAction new];
    [laterAction setIdentifier:UIMutableUserNotificationActionBackground];
    laterAction.title = @"Later";

    UIMutableUserNotificationCategory *unusedCategory = [[UIMutableUserNotificationCategory alloc] init];
    [unusedCategory setIdentifier:@"unused"];
    [unusedCategory setActions:@[laterAction] forContext:UIUserNotificationActionContextDefault];

    UIUserNotificationSettings *settings = [UIUserNotificationSettings
        settingsForTypes:(UIUserNotificationTypeAlert | UIUserNotificationTypeBadge)
              categories:[NSSet setWithObjects:alertCategory, nil]];
    [application registerUserNotificationSettings:settings];
}

- (void)scheduleReminder {
    UILocalNotification *notification = [[UILocalNotification alloc] init];
    notification.alertBody = @"Quick reply test";
    notification.category = @"alert";
    [[UIApplication sharedApplication] scheduleLocalNotification:notification];
}

- (void)reschedule:(id)other {
    other.category = @"alert";
}

@end
