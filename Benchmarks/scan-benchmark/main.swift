// Times SourceScanner.scan over generated Swift and Objective-C files (two Swift files to one
// Objective-C file, about 115 lines each: an enum, constants, a registration with three actions,
// a service-extension assignment, a dismiss handler, and filler with comments and strings).
// Built and run by Benchmarks/scan-benchmark.sh.
// Usage: scan-benchmark [FILE-COUNT] [RUNS] [dense|sparse]
// dense: every file registers a category; sparse: one file in ten does, the others are plain code.
// Prints each run's wall and CPU time (all threads) and checks the facts found.
import Foundation
import RichPreviewSourceScan

/// A Swift file of about 100 lines: a String enum, constants, a registration with three actions,
/// a service-extension assignment, a dismiss handler, and filler code with comments and strings.
func swiftFile(_ n: Int) -> String {
    var text = """
        //
        //  Generated\(n).swift
        //  A generated file for the source scanner benchmark. "Quotes" in a comment, UNNotificationCategory(
        //

        import Foundation
        import UserNotifications

        enum Category\(n): String {
            case message = "com.example.\(n).message"
            case reminder
            case invite = "com.example.\(n).invite"
        }

        struct Registry\(n) {
            static let replyIdentifier = "reply-\(n)"
            private static let laterIdentifier = "later-\(n)"
            /* Block comment /* nested */ with "text" */
            func register() {
                let reply = UNTextInputNotificationAction(
                    identifier: Self.replyIdentifier, title: "Reply", options: [],
                    textInputButtonTitle: "Send", textInputPlaceholder: "Message")
                let later = UNNotificationAction(identifier: Registry\(n).laterIdentifier, title: "Later", options: .foreground)
                let delete = UNNotificationAction(identifier: "delete-\(n)", title: "Delete", options: [.destructive, .authenticationRequired])
                let category = UNNotificationCategory(
                    identifier: Category\(n).message.rawValue,
                    actions: [reply, later, delete,],
                    intentIdentifiers: [],
                    options: .customDismissAction)
                UNUserNotificationCenter.current().setNotificationCategories([category])
            }

            func content(for user: String) -> UNMutableNotificationContent {
                let content = UNMutableNotificationContent()
                content.title = "Hello \\(user), you have \\(3 + 4) messages"
                content.body = #"Raw "string" with \\n kept"#
                content.categoryIdentifier = Category\(n).message.rawValue
                return content
            }

            func handle(_ identifier: String) -> Bool {
                switch identifier {
                case UNNotificationDismissActionIdentifier:
                    return true
                default:
                    return identifier == Self.replyIdentifier
                }
            }
        }

        """
    for filler in 0..<10 {
        text += """
            func filler\(n)_\(filler)(values: [Int]) -> Int {
                // Sum the values; "strings" in comments are skipped.
                let total = values.reduce(0) { $0 + $1 * \(filler) }
                let label = "total: \\(total)"
                print(label, values.map { String($0) }.joined(separator: ","))
                return total > 100 ? total / 2 : total
            }

            """
    }
    return text
}

/// An Objective-C file of about 100 lines in the same spirit.
func objectiveCFile(_ n: Int) -> String {
    var text = """
        // Generated\(n).m: a generated file for the source scanner benchmark.
        #import <UserNotifications/UserNotifications.h>
        #define CATEGORY_\(n) @"category_\(n)"
        #define ACTION_OPEN_\(n) @"open_\(n)"
        static NSString * const kClose\(n) = @"close_" @"\(n)";

        @implementation Generated\(n)

        - (void)registerCategories {
            /* [UNNotificationCategory categoryWithIdentifier:@"fake" ...] */
            UNNotificationAction *open = [UNNotificationAction actionWithIdentifier:ACTION_OPEN_\(n) title:@"Open" options:UNNotificationActionOptionForeground];
            UNNotificationAction *close = [UNNotificationAction actionWithIdentifier:kClose\(n) title:@"Close" options:UNNotificationActionOptionDestructive | UNNotificationActionOptionAuthenticationRequired];
            UNNotificationCategory *category = [UNNotificationCategory categoryWithIdentifier:CATEGORY_\(n) actions:@[open, close] intentIdentifiers:@[] options:UNNotificationCategoryOptionCustomDismissAction];
            [[UNUserNotificationCenter currentNotificationCenter] setNotificationCategories:[NSSet setWithObjects:category, nil]];
        }

        - (void)didReceiveNotificationRequest:(UNNotificationRequest *)request withContentHandler:(void (^)(UNNotificationContent *))handler {
            UNMutableNotificationContent *content = [request.content mutableCopy];
            content.categoryIdentifier = CATEGORY_\(n);
            handler(content);
        }

        """
    for filler in 0..<9 {
        text += """
            - (NSInteger)filler\(filler):(NSArray<NSNumber *> *)values {
                // Sum the values; 'c' and "strings" are skipped.
                NSInteger total = 0;
                for (NSNumber *value in values) {
                    total += value.integerValue * \(filler);
                }
                NSLog(@"total: %ld \\"quoted\\"", (long)total);
                return total > 100 ? total / 2 : total;
            }

            """
    }
    return text + "@end\n"
}

let arguments = CommandLine.arguments
let count = arguments.count > 1 ? Int(arguments[1]) ?? 10_000 : 10_000
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
let sparse = arguments.count > 3 && arguments[3] == "sparse"
/// A file with the same filler but no notification code (the `n` of its notification twin is negative).
func plain(_ text: String) -> String {
    text.replacingOccurrences(of: "UNNotification", with: "UXPlainThing")
        .replacingOccurrences(of: "categoryIdentifier", with: "plainIdentifier")
        .replacingOccurrences(of: "setNotificationCategories", with: "setPlainThings")
}
let files = (0..<count).map { n in
    let withNotifications = !sparse || n % 10 == 0
    return n % 3 == 2
        ? SourceFile(
            path: "Generated\(n).m", text: withNotifications ? objectiveCFile(n) : plain(objectiveCFile(n)),
            language: .objectiveC)
        : SourceFile(
            path: "Generated\(n).swift", text: withNotifications ? swiftFile(n) : plain(swiftFile(n)), language: .swift)
}
let expected = sparse ? (0..<count).filter { $0 % 10 == 0 }.count : count
let lines = files.reduce(0) { total, file in total + file.text.utf8.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 } }
let bytes = files.reduce(0) { $0 + $1.text.utf8.count }
print("files: \(count), lines: \(lines), bytes: \(bytes)")
/// CPU time of the whole process (every thread), in seconds.
func processorSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

var times: [Double] = []
var processorTimes: [Double] = []
for run in 0..<runs {
    let start = DispatchTime.now().uptimeNanoseconds
    let processorStart = processorSeconds()
    let scan = SourceScanner.scan(files)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let processor = processorSeconds() - processorStart
    times.append(seconds)
    processorTimes.append(processor)
    let resolved = scan.categories.filter { $0.identifier.literal != nil }.count
    print(
        "run \(run + 1): \(String(format: "%.3f", seconds)) s wall, \(String(format: "%.3f", processor)) s CPU; "
            + "categories \(scan.categories.count) "
            + "(\(resolved) resolved), assignments \(scan.assignments.count), dismiss uses "
            + "\(scan.dismissActionUses.count), notes \(scan.notes.count)")
    guard resolved == expected, scan.categories.count == expected, scan.assignments.count == expected else {
        print("error: expected \(expected) resolved categories and assignments")
        exit(1)
    }
}
print(
    "median: \(String(format: "%.3f", times.sorted()[times.count / 2])) s wall, "
        + "\(String(format: "%.3f", processorTimes.sorted()[times.count / 2])) s CPU "
        + "(\(ProcessInfo.processInfo.activeProcessorCount) processors)")
