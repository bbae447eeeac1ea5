#import <Foundation/Foundation.h>

/// The same choice by the preprocessor: ENTERPRISE is defined by OTHER_CFLAGS, CONSUMER by
/// GCC_PREPROCESSOR_DEFINITIONS.
NSUserDefaults *sharedDefaults(void) {
#ifdef ENTERPRISE
    return [[NSUserDefaults alloc] initWithSuiteName:@"group.com.example.enterprise"];
#else
    return [[NSUserDefaults alloc] initWithSuiteName:@"group.com.example.consumer"];
#endif
}
