#import "NotificationService.h"

@implementation NotificationService

- (void)didReceiveNotificationRequest:(UNNotificationRequest *)request withContentHandler:(void (^)(UNNotificationContent *))contentHandler {
    UNMutableNotificationContent *content = [request.content mutableCopy];
    NSString *link = request.content.userInfo[@"image-url"];
    NSURL *url = link ? [NSURL URLWithString:link] : nil;
    if (!url) { contentHandler(content); return; }
    [[[NSURLSession sharedSession] downloadTaskWithURL:url completionHandler:^(NSURL *file, NSURLResponse *response, NSError *error) {
        NSURL *moved = [file URLByAppendingPathExtension:@"jpg"];
        if (file && [[NSFileManager defaultManager] moveItemAtURL:file toURL:moved error:nil]) {
            UNNotificationAttachment *attachment = [UNNotificationAttachment attachmentWithIdentifier:@"image" URL:moved options:nil error:nil];
            if (attachment) { content.attachments = @[attachment]; }
        }
        contentHandler(content);
    }] resume];
}

@end
