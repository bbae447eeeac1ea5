#import "Reminder.h"

@implementation Reminder

- (instancetype)initWithCoder:(NSCoder *)coder {
    if ((self = [super init])) {
        self.title = [coder decodeObjectForKey:@"title"];
        self.categoryIdentifier = @"archived-reminder";
    }
    return self;
}

- (void)encodeWithCoder:(NSCoder *)coder {
    [coder encodeObject:self.title forKey:@"title"];
    [coder encodeObject:self.categoryIdentifier forKey:@"category"];
}

- (id)copyWithZone:(NSZone *)zone {
    Reminder *copy = [[Reminder allocWithZone:zone] init];
    [copy setCategoryIdentifier:self.categoryIdentifier];
    [self setCategoryIdentifier:@"copied-reminder"];
    return copy;
}

@end
