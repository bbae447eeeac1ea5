#import <Foundation/Foundation.h>

/// The app's own record of a reminder, archived with NSCoding: not a notification content.
@interface Reminder : NSObject <NSCoding, NSCopying>
@property (nonatomic, copy) NSString *title;
@property (nonatomic, copy) NSString *categoryIdentifier;
@end
