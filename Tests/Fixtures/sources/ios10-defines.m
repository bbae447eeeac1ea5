// iOS 10 categories from #define constants, written for richpreview after seed 004's macros.
#import <UserNotifications/UserNotifications.h>

#define action_category_identifier_image @"image_category" // image category
#define action_category_identifier_audio @"audio" \
    @"_category"
#define action_identifier_image_confirm @"imageconfirmaction"
#define action_identifier_image_cancel  "imagecancelaction"
#define action_title_image_confirm @"查看"
#define IMAGE_CATEGORY_ALIAS action_category_identifier_image
#define REPLY_OPTIONS (UNNotificationActionOptionForeground | UNNotificationActionOptionAuthenticationRequired)

NSString *const kReplyActionIdentifier = @"reply";
static NSString * const kLaterActionIdentifier = @"la" "ter";
extern NSString *const kExternalCategory;

@implementation NotificationSetup

- (void)registerCategories {
    /* A registration in a comment is not one:
       UNNotificationCategory *fake = [UNNotificationCategory categoryWithIdentifier:@"fake" actions:@[] intentIdentifiers:@[] options:0];
    */
    NSString *notACategory = @"[UNNotificationCategory categoryWithIdentifier:@\"fake2\" actions:@[] intentIdentifiers:@[] options:0]";
    UNNotificationAction *confirm = [UNNotificationAction actionWithIdentifier:action_identifier_image_confirm
                                                                         title:action_title_image_confirm
                                                                       options:UNNotificationActionOptionForeground];
    UNNotificationAction *cancel = [UNNotificationAction actionWithIdentifier:@"imagecancelaction"
                                                                        title:@"忽略"
                                                                      options:UNNotificationActionOptionDestructive | UNNotificationActionOptionAuthenticationRequired];
    UNTextInputNotificationAction *reply = [UNTextInputNotificationAction actionWithIdentifier:kReplyActionIdentifier
                                                                                         title:@"Reply"
                                                                                       options:REPLY_OPTIONS
                                                                          textInputButtonTitle:@"Send"
                                                                          textInputPlaceholder:@"Message"];
    UNNotificationCategory *image = [UNNotificationCategory categoryWithIdentifier:IMAGE_CATEGORY_ALIAS
                                                                           actions:@[confirm, cancel, reply]
                                                                 intentIdentifiers:@[]
                                                                           options:UNNotificationCategoryOptionCustomDismissAction];
    UNNotificationCategory *audio = [UNNotificationCategory categoryWithIdentifier:action_category_identifier_audio
                                                                           actions:@[[UNNotificationAction actionWithIdentifier:kLaterActionIdentifier title:@"Later" options:UNNotificationActionOptionNone]]
                                                                 intentIdentifiers:@[]
                                                     hiddenPreviewsBodyPlaceholder:@"Audio"
                                                                           options:UNNotificationCategoryOptionNone];
    UNNotificationCategory *external = [UNNotificationCategory categoryWithIdentifier:kExternalCategory
                                                                              actions:@[]
                                                                    intentIdentifiers:@[]
                                                                              options:UNNotificationCategoryOptionAllowInCarPlay];
    NSMutableSet *categories = [NSMutableSet setWithObjects:image, audio, nil];
    [categories addObject:external];
    [[UNUserNotificationCenter currentNotificationCenter] setNotificationCategories:categories];
}

- (void)didReceiveNotificationRequest:(UNNotificationRequest *)request withContentHandler:(void (^)(UNNotificationContent *))contentHandler {
    UNMutableNotificationContent *content = [request.content mutableCopy];
    content.categoryIdentifier = action_category_identifier_image;
    [content setCategoryIdentifier:@"audio_category"];
    contentHandler(content);
}

- (void)userNotificationCenter:(UNUserNotificationCenter *)center didReceiveNotificationResponse:(UNNotificationResponse *)response withCompletionHandler:(void (^)(void))completionHandler {
    if ([response.actionIdentifier isEqualToString:UNNotificationDismissActionIdentifier]) {
        NSLog(@"dismissed");
    }
    completionHandler();
}

@end
