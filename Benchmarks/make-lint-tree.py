#!/usr/bin/python3
"""Writes a generated app project tree for Benchmarks/lint-benchmark.sh.

usage: make-lint-tree.py OUT [--files N] [--skipped M] [--seed S] [--only GROUP[,GROUP...]]

Writes OUT/ (the tree `richpreview lint` is pointed at) and OUT.json beside it (what was
written: every file's path relative to OUT and its kind, counts and bytes per kind, the
parameters). The same parameters and seed give the same bytes. OUT is replaced only when it
is missing or OUT.json says this script wrote it.

N files (default 10,000) are written outside the skipped folders, in app-like folders:
App/, Extensions/Content*/, Extensions/Service/, Sources/Feature*/<layer>/<sub>/…,
Sources/Legacy*/… (Objective-C), Payloads/, Tests/, Docs/. The mix:

- Swift sources (the rest, about 63 %): 50 to 300 lines of ordinary code (types, closures,
  string interpolation, multi-line and raw strings, comments); one feature in three-fifths
  registers categories and actions (enums with raw values, static lets, a
  setNotificationCategories call); a few per cent set `categoryIdentifier`, a few handle the
  dismiss action, a few only mention the API in comments and strings.
- Objective-C (15 %): .m files with a .h beside most, #define and NSString *const constants,
  some with categoryWithIdentifier:/actionWithIdentifier: and categoryIdentifier.
- Payloads (10 %): .json and .apns, some with attachments (a remote https URL, or a PNG
  written beside the payload), some with categories, about 5 % deliberately wrong.
- Info.plists: content extensions, a service extension, the app's (with UIBackgroundModes),
  a framework plist per feature, a Settings.bundle plist; two category manifests (JSON, plist).
- About 1 % other JSON (mock responses, no "aps"): read to tell their role, not payloads.
- About 10 % files lint must not open: PNG images, asset catalogs (their Contents.json is a
  .json, which lint does read to tell its role), .md, .strings, .storyboard, and a few project
  files (.pbxproj, .xcconfig, .entitlements, Podfile).

Plus M files (default N/5) in folders lint must not enter: Pods/, DerivedData/, .git/ and an
xcuserdata/ folder, holding the same kinds of files lint would otherwise read.

Kinds (OUT.json "files"): swift, objc-m, objc-h, payload, attachment, plist, manifest,
json-other, asset-json (may be opened); image, markdown, strings, storyboard, other, skipped
(must not be opened). --only keeps the files of some groups (swift, objc, payload, plist,
json, inert, skipped); the others are generated but not written, so a file has the same
bytes in every subset.
"""
import argparse
import hashlib
import json
import os
import plistlib
import random
import shutil
import struct
import sys
import zlib
from string import Template

MAY_OPEN = {"swift", "objc-m", "objc-h", "payload", "attachment", "plist", "manifest", "json-other",
            "asset-json"}
MUST_NOT_OPEN = {"image", "markdown", "strings", "storyboard", "other", "skipped"}
GROUPS = {
    "swift": {"swift"},
    "objc": {"objc-m", "objc-h"},
    "payload": {"payload", "attachment"},
    "plist": {"plist", "manifest"},
    "json": {"json-other", "asset-json"},
    "inert": {"image", "markdown", "strings", "storyboard", "other"},
    "skipped": {"skipped"},
}
SKIPPED_FOLDERS = ("Pods", "DerivedData", ".git")
CATEGORY_KINDS = ["message", "reminder", "invite", "photo", "order", "event", "alert", "comment"]
LAYERS = ["Models", "Views", "ViewModels", "Services", "Networking", "Storage", "Utilities", "Coordinators"]
SUBS = ["", "", "Components", "Cells", "Helpers", "Internal", "Extensions", "Legacy/Bridging"]
WORDS = ("account profile message order item cart photo album comment reply invite event calendar "
         "reminder setting payment receipt address search filter feed story contact group badge "
         "session token cache image upload download sync store detail list header footer").split()
SENTENCES = [
    "Your order has shipped", "New message from Anna", "Reminder: dentist at 3 pm",
    "Ihr Paket ist unterwegs", "Nouvelle photo partagée", "Tu pedido está listo",
    "新しいメッセージがあります", "你有一条新评论", "Event starts in 15 minutes", "Payment received ✅",
]


def t(text, **values):
    """Fills ${name} placeholders (Swift's own $0 and $(VAR) are left alone)."""
    return Template(text).safe_substitute(values)


def camel(words):
    return "".join(w[:1].upper() + w[1:] for w in words)


def png(rng, width, height):
    """A small valid RGB PNG: a gradient in two random colours."""
    a = [rng.randrange(256) for _ in range(3)]
    b = [rng.randrange(256) for _ in range(3)]
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            f = (x + y) / max(1, width + height - 2)
            rows += bytes(int(a[c] + (b[c] - a[c]) * f) for c in range(3))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(rows), 6)) + chunk(b"IEND", b""))


class Tree:
    def __init__(self, files, skipped, seed):
        self.rng = random.Random(seed)
        self.n = files
        self.m = skipped
        self.files = {}  # path -> (kind, bytes)
        self.features = max(3, round(files / 250))
        self.legacy = max(1, round(files / 1500))
        self.content_extensions = 2 if files < 2000 else 4
        self.unique = 0
        # feature k -> its category identifiers and action identifiers (when it registers any)
        self.categories = {}
        self.actions = {}
        for k in range(1, self.features + 1):
            if self.rng.random() < 0.6 or k == 1:
                kinds = self.rng.sample(CATEGORY_KINDS, self.rng.randint(1, 3))
                # the last case of some features has its raw value implied by its name
                implied = self.rng.random() < 0.3
                # (case name, identifier)
                self.categories[k] = [(f"{kind}F{k}", f"{kind}F{k}") if implied and i == len(kinds) - 1 else
                                      (kind, f"com.example.app.f{k}.{kind}") for i, kind in enumerate(kinds)]
                self.actions[k] = [(a, f"f{k}.{a}") for a in self.rng.sample(
                    ["open", "reply", "snooze", "accept", "decline", "like", "delete", "archive"], 3)]
        self.legacy_categories = {j: f"com.example.app.legacy{j}.alert" for j in range(1, self.legacy + 1)}
        self.manifest_categories = ["com.example.app.server.promo", "com.example.app.server.digest"]

    # ------------------------------------------------------------------ bookkeeping
    def add(self, path, kind, data):
        assert path not in self.files, path
        if isinstance(data, str):
            data = data.encode("utf-8")
        self.files[path] = (kind, data)

    def uid(self):
        self.unique += 1
        return self.unique

    def count(self, skipped=False):
        return sum(1 for kind, _ in self.files.values() if (kind == "skipped") == skipped)

    def name(self, suffix=""):
        r = self.rng
        return camel(r.sample(WORDS, r.randint(1, 2))) + suffix + str(self.uid())

    def registered(self):
        return [c for k in sorted(self.categories) for _, c in self.categories[k]] + \
            list(self.legacy_categories.values()) + self.manifest_categories

    # ------------------------------------------------------------------ Swift
    def swift_chunk(self, u):
        """A few dozen lines of ordinary Swift, its names made unique with `u`."""
        r = self.rng
        w1, w2 = r.sample(WORDS, 2)
        T = camel([w1, w2]) + u
        choice = r.randrange(9)
        if choice == 0:
            return t('''
/// A ${w1} as the server sends it.
struct ${T}: Codable, Equatable, Hashable {
    let id: UUID
    var title: String
    var count: Int
    var tags: [String] = []
    var createdAt: Date?

    enum CodingKeys: String, CodingKey {
        case id
        case title = "display_title"
        case count = "item_count"
        case tags
        case createdAt = "created_at"
    }

    var summary: String {
        "\\(title) (\\(count) \\(count == 1 ? "item" : "items"))"
    }
}
''', T=T, w1=w1)
        if choice == 1:
            return t('''
// MARK: - ${T}Loader

final class ${T}Loader {
    private let session: URLSession
    private var cache: [String: Data] = [:]
    private let queue = DispatchQueue(label: "com.example.app.${w1}-loader")

    init(session: URLSession = .shared) {
        self.session = session
    }

    func load(_ path: String, completion: @escaping (Result<Data, Error>) -> Void) {
        if let cached = queue.sync(execute: { cache[path] }) {
            completion(.success(cached))
            return
        }
        guard let url = URL(string: "https://api.example.com/v2/\\(path)?lang=\\(Locale.current.identifier)") else {
            completion(.failure(URLError(.badURL)))
            return
        }
        session.dataTask(with: url) { [weak self] data, _, error in
            if let error {
                completion(.failure(error))
            } else if let data {
                self?.queue.async { self?.cache[path] = data }
                completion(.success(data))
            }
        }.resume()
    }
}
''', T=T, w1=w1)
        if choice == 2:
            return t('''
extension ${T}View {
    /* Layout constants. /* Nested comments are fine in Swift. */ Keep in sync with the design file. */
    private enum Layout {
        static let spacing: CGFloat = 12
        static let cornerRadius: CGFloat = 8
        static let identifier = "${w1}.${w2}.cell"
    }

    func configure(with values: [Int], title: String?) {
        let total = values.reduce(0, +)
        let label = title ?? "Untitled"
        let text = "\\(label): \\(values.map { String($0) }.joined(separator: ", ")) = \\(total)"
        accessibilityLabel = text
        for (index, value) in values.enumerated() where value > 0 {
            if index % 2 == 0 {
                print("even", index, value)
            } else {
                print("odd \\(index): \\(value)")
            }
        }
    }
}
''', T=T, w1=w1, w2=w2)
        if choice == 3:
            return t('''
enum ${T}State: Equatable {
    case idle
    case loading(progress: Double)
    case loaded([String])
    case failed(message: String)

    var isBusy: Bool {
        switch self {
        case .loading: return true
        case .idle, .loaded, .failed: return false
        }
    }

    var debugText: String {
        switch self {
        case .idle: return "idle"
        case .loading(let progress): return "loading \\(Int(progress * 100))%"
        case .loaded(let items): return "loaded \\(items.count)"
        case .failed(let message): return #"failed: "\\#(message)""#
        }
    }
}
''', T=T)
        if choice == 4:
            return t('''
@MainActor
final class ${T}ViewModel: ObservableObject {
    @Published private(set) var items: [String] = []
    @Published var query = ""
    private let service: ${T}Service

    init(service: ${T}Service) {
        self.service = service
    }

    func refresh() async {
        do {
            let result = try await service.fetch(query: query.trimmingCharacters(in: .whitespaces))
            items = result.filter { !$0.isEmpty }.sorted()
        } catch {
            items = []
            print("refresh failed: \\(error.localizedDescription)")
        }
    }
}

protocol ${T}Service {
    func fetch(query: String) async throws -> [String]
}
''', T=T)
        if choice == 5:
            return t('''
struct ${T}Query {
    static let sql = """
        SELECT id, title, updated_at
        FROM ${w1}s
        WHERE owner = ? AND title LIKE '%' || ? || '%'
        ORDER BY updated_at DESC
        LIMIT 50
        """
    static let pattern = #"^[A-Z]{2}-\\d{4,}$"#
    static let emoji = "\\u{1F4E6} ${w1}"

    var owner: String
    var text: String

    func arguments() -> [Any] {
        [owner, text.replacingOccurrences(of: "\\"", with: "")]
    }
}
''', T=T, w1=w1)
        if choice == 6:
            return t('''
struct ${T}Row: View {
    let title: String
    let subtitle: String?
    @State private var expanded = false

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(title)
                .font(.headline)
            if let subtitle {
                Text(subtitle)
                    .font(.subheadline)
                    .foregroundColor(.secondary)
            }
            Button(expanded ? "Less" : "More") {
                withAnimation { expanded.toggle() }
            }
        }
        .padding(.vertical, 6)
        .accessibilityIdentifier("${w1}-row")
    }
}
''', T=T, w1=w1)
        if choice == 7:
            return t('''
// MARK: - Helpers

private func format${T}(_ value: Double, unit: String = "${w2}") -> String {
    let formatter = NumberFormatter()
    formatter.maximumFractionDigits = 2
    #if DEBUG
    assert(value.isFinite, "value must be finite")
    #endif
    let number = formatter.string(from: NSNumber(value: value)) ?? "\\(value)"
    return "\\(number) \\(unit)\\(value == 1 ? "" : "s")"
}

private func parse${T}(_ text: String) -> [String: String] {
    var result: [String: String] = [:]
    for pair in text.split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { continue }
        result[parts[0]] = parts[1].removingPercentEncoding ?? parts[1]
    }
    return result
}
''', T=T, w2=w2)
        return t('''
/// Keeps ${w1}s on disk between launches.
actor ${T}Store {
    private var values: [String: ${T}Entry] = [:]
    private let url: URL

    struct ${T}Entry: Codable {
        var value: String
        var expires: Date
    }

    init(folder: URL) {
        url = folder.appendingPathComponent("${w1}-store.json")
    }

    func value(for key: String, now: Date = Date()) -> String? {
        guard let entry = values[key], entry.expires > now else { return nil }
        return entry.value
    }

    func set(_ value: String, for key: String, lifetime: TimeInterval = 3600) throws {
        values[key] = ${T}Entry(value: value, expires: Date().addingTimeInterval(lifetime))
        let data = try JSONEncoder().encode(values)
        try data.write(to: url, options: .atomic)
    }
}
''', T=T, w1=w1)

    def swift_registrar(self, k, u):
        cats, acts = self.categories[k], self.actions[k]
        lines = [f"enum F{k}NotificationCategory: String, CaseIterable {{"]
        for kind, ident in cats:
            lines.append(f"    case {kind}" if ident == kind else f'    case {kind} = "{ident}"')
        lines.append("}")
        lines.append("")
        lines.append(f"enum F{k}NotificationAction {{")
        for name, ident in acts:
            lines.append(f'    static let {name} = "{ident}"')
        lines.append("}")
        lines.append("")
        lines.append(f"final class F{k}NotificationRegistrar{u} {{")
        lines.append("    func register(center: UNUserNotificationCenter = .current()) {")
        (a0, _), (a1, _), (a2, _) = acts
        lines.append(f'        let {a0} = UNNotificationAction(identifier: F{k}NotificationAction.{a0}, title: "{a0.title()}", options: [.foreground])')
        lines.append(f"        let {a1} = UNTextInputNotificationAction(")
        lines.append(f'            identifier: F{k}NotificationAction.{a1}, title: "{a1.title()}", options: [],')
        lines.append('            textInputButtonTitle: "Send", textInputPlaceholder: "Message")')
        lines.append(f'        let {a2} = UNNotificationAction(identifier: F{k}NotificationAction.{a2}, title: "{a2.title()}", options: [.destructive, .authenticationRequired])')
        names = []
        for kind, _ in cats:
            names.append(f"{kind}Category")
            options = self.rng.choice(["[]", "[.customDismissAction]", "[.hiddenPreviewsShowTitle]"])
            lines.append(f"        let {kind}Category = UNNotificationCategory(")
            lines.append(f"            identifier: F{k}NotificationCategory.{kind}.rawValue,")
            lines.append(f"            actions: [{a0}, {a1}, {a2}],")
            lines.append("            intentIdentifiers: [],")
            lines.append(f"            options: {options})")
        lines.append("        center.getNotificationCategories { existing in")
        lines.append(f"            center.setNotificationCategories(existing.union([{', '.join(names)}]))")
        lines.append("        }")
        lines.append("    }")
        lines.append("}")
        return "\n".join(lines) + "\n"

    def swift_assigner(self, k, u):
        r = self.rng
        if k in self.categories:
            kind, ident = r.choice(self.categories[k])
            value = r.choice([f"F{k}NotificationCategory.{kind}.rawValue", f'"{ident}"'])
        else:
            value = f'"{r.choice(self.registered())}"'
        return t('''
struct LocalNotification${u} {
    func schedule(title: String, after seconds: TimeInterval) {
        let content = UNMutableNotificationContent()
        content.title = title
        content.body = "Tap to open \\(title.lowercased())"
        content.sound = .default
        content.categoryIdentifier = ${value}
        content.userInfo = ["source": "local", "id": "${u}"]
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: max(1, seconds), repeats: false)
        let request = UNNotificationRequest(identifier: UUID().uuidString, content: content, trigger: trigger)
        UNUserNotificationCenter.current().add(request) { error in
            if let error { print("schedule failed: \\(error)") }
        }
    }
}
''', u=u, value=value)

    def swift_dismiss(self, k, u):
        act = self.actions.get(k, [("open", "open")])[0][0]
        owner = f"F{k}NotificationAction.{act}" if k in self.actions else '"open"'
        return t('''
final class NotificationResponder${u}: NSObject, UNUserNotificationCenterDelegate {
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        defer { completionHandler() }
        switch response.actionIdentifier {
        case UNNotificationDismissActionIdentifier:
            Analytics${u}.log("dismissed", response.notification.request.identifier)
        case UNNotificationDefaultActionIdentifier:
            Analytics${u}.log("opened", response.notification.request.identifier)
        case ${owner}:
            Analytics${u}.log("action", response.actionIdentifier)
        default:
            break
        }
    }
}

enum Analytics${u} {
    static func log(_ event: String, _ detail: String) { print("[analytics] \\(event): \\(detail)") }
}
''', u=u, owner=owner)

    def swift_near_miss(self, u):
        return t('''
// Categories are registered in NotificationRegistrar, not here: do not call
// UNNotificationCategory(identifier: "x", actions: [], intentIdentifiers: []) in views.
struct NotificationHelp${u} {
    static let text = "Use UNNotificationCategory(identifier:) and set content.categoryIdentifier = \\"…\\""
    /* UNUserNotificationCenter.current().setNotificationCategories([]) clears them all */
    var categoryIdentifierLabel = "categoryIdentifier"
}
''', u=u)

    def swift_file(self, path, module, role=None, k=None, lines=None):
        r = self.rng
        u = str(self.uid())
        target = lines or int(r.triangular(50, 300, 90))
        base = os.path.splitext(os.path.basename(path))[0]
        imports = ["import Foundation"] + r.sample(["import UIKit", "import SwiftUI", "import Combine", "import os"],
                                                   r.randint(0, 2))
        if role:
            imports.append("import UserNotifications")
        text = (f"//\n//  {base}.swift\n//  {module}\n//\n//  Created by the app team on 2024-0{r.randint(1, 9)}-1{r.randint(0, 9)}.\n"
                f"//  Copyright © 2024 Example Inc. All rights reserved.\n//\n\n" + "\n".join(imports) + "\n")
        if role == "registrar":
            text += "\n" + self.swift_registrar(k, u)
        elif role == "assigner":
            text += self.swift_assigner(k, u)
        elif role == "dismiss":
            text += self.swift_dismiss(k, u)
        elif role == "near-miss":
            text += self.swift_near_miss(u)
        n = 0
        while text.count("\n") < target:
            n += 1
            text += self.swift_chunk(f"{u}x{n}")
        return text

    # ------------------------------------------------------------------ Objective-C
    def objc_header(self, cls, j, legacy_define):
        r = self.rng
        props = "\n".join(f"@property (nonatomic, {r.choice(['copy', 'strong'])}, nullable) "
                          f"{r.choice(['NSString', 'NSArray<NSString *>', 'NSDictionary<NSString *, id>', 'NSDate'])} *{w};"
                          for w in r.sample(WORDS, r.randint(2, 6)))
        define = f'#define LEGACY{j}_ALERT_CATEGORY @"{self.legacy_categories[j]}"\n' if legacy_define else ""
        text = t('''//
//  ${cls}.h
//  Legacy${j}
//

#import <Foundation/Foundation.h>
#import <UserNotifications/UserNotifications.h>

${define}#define ${cls}_TIMEOUT 30.0
#define ${cls}_KEY @"${cls}.key"

NS_ASSUME_NONNULL_BEGIN

extern NSString * const ${cls}DidChangeNotification;

typedef NS_ENUM(NSInteger, ${cls}Mode) {
    ${cls}ModeNone = 0,
    ${cls}ModeFast,
    ${cls}ModeCareful,
};

@interface ${cls} : NSObject

${props}
@property (nonatomic, assign) ${cls}Mode mode;

+ (instancetype)sharedInstance;
- (instancetype)initWithName:(NSString *)name options:(nullable NSDictionary *)options;
- (void)reloadWithCompletion:(void (^)(BOOL success, NSError * _Nullable error))completion;
- (NSInteger)countOfItemsMatching:(NSString *)text;

@end

NS_ASSUME_NONNULL_END
''', cls=cls, j=j, define=define, props=props)
        return text

    def objc_method(self, cls, n):
        r = self.rng
        w = r.choice(WORDS)
        return t('''
- (NSInteger)${w}Count${n}:(NSArray<NSNumber *> *)values {
    // Sum the values; 'c' and "strings" in comments are skipped.
    NSInteger total = 0;
    for (NSNumber *value in values) {
        total += value.integerValue * ${n};
    }
    NSLog(@"${w} total: %ld \\"%@\\"", (long)total, ${cls}_KEY);
    if (total > 100) {
        dispatch_async(dispatch_get_main_queue(), ^{
            [[NSNotificationCenter defaultCenter] postNotificationName:${cls}DidChangeNotification object:self];
        });
    }
    return total > 100 ? total / 2 : total;
}
''', w=w, n=str(n), cls=cls)

    def objc_source(self, cls, j, role, with_header):
        r = self.rng
        target = int(r.triangular(40, 250, 90))
        imp = f'#import "{cls}.h"\n' if with_header else "#import <Foundation/Foundation.h>\n"
        text = t('''//
//  ${cls}.m
//  Legacy${j}
//
//  Copyright (c) 2016 Example Inc. All rights reserved.
//

${imp}#import <UserNotifications/UserNotifications.h>

static NSString * const k${cls}Open = @"legacy${j}.open";
static NSString * const k${cls}Later = @"legacy${j}." @"later";
NSString * const ${cls}DidChangeNotification = @"${cls}DidChangeNotification";

@implementation ${cls}

+ (instancetype)sharedInstance {
    static ${cls} *shared = nil;
    static dispatch_once_t onceToken;
    dispatch_once(&onceToken, ^{
        shared = [[self alloc] init];
    });
    return shared;
}
''', cls=cls, j=j, imp=imp)
        if role == "registrar":
            text += t('''
- (void)registerNotificationCategories {
    /* [UNNotificationCategory categoryWithIdentifier:@"commented-out" ...] */
    UNNotificationAction *open = [UNNotificationAction actionWithIdentifier:k${cls}Open title:@"Open" options:UNNotificationActionOptionForeground];
    UNNotificationAction *later = [UNNotificationAction actionWithIdentifier:k${cls}Later title:@"Later" options:UNNotificationActionOptionNone];
    UNNotificationCategory *category = [UNNotificationCategory categoryWithIdentifier:LEGACY${j}_ALERT_CATEGORY actions:@[open, later] intentIdentifiers:@[] options:UNNotificationCategoryOptionCustomDismissAction];
    UNUserNotificationCenter *center = [UNUserNotificationCenter currentNotificationCenter];
    [center getNotificationCategoriesWithCompletionHandler:^(NSSet<UNNotificationCategory *> *existing) {
        [center setNotificationCategories:[existing setByAddingObject:category]];
    }];
}
''', cls=cls, j=j)
        elif role == "assigner":
            text += t('''
- (void)scheduleReminderWithTitle:(NSString *)title {
    UNMutableNotificationContent *content = [[UNMutableNotificationContent alloc] init];
    content.title = title;
    content.body = [NSString stringWithFormat:@"Don't forget: %@", title];
    content.categoryIdentifier = LEGACY${j}_ALERT_CATEGORY;
    UNTimeIntervalNotificationTrigger *trigger = [UNTimeIntervalNotificationTrigger triggerWithTimeInterval:60 repeats:NO];
    UNNotificationRequest *request = [UNNotificationRequest requestWithIdentifier:[NSUUID UUID].UUIDString content:content trigger:trigger];
    [[UNUserNotificationCenter currentNotificationCenter] addNotificationRequest:request withCompletionHandler:nil];
}
''', j=j)
        n = 0
        while text.count("\n") < target:
            n += 1
            text += self.objc_method(cls, n) if with_header else self.objc_method(cls, n).replace(
                f"{cls}_KEY", '@"key"')
        return text + "\n@end\n"

    # ------------------------------------------------------------------ plists, manifests
    def plist(self, value):
        return plistlib.dumps(value, fmt=plistlib.FMT_XML)

    def bundle(self, name, package):
        return {"CFBundleDevelopmentRegion": "$(DEVELOPMENT_LANGUAGE)", "CFBundleDisplayName": name,
                "CFBundleExecutable": "$(EXECUTABLE_NAME)", "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
                "CFBundleInfoDictionaryVersion": "6.0", "CFBundleName": "$(PRODUCT_NAME)",
                "CFBundlePackageType": package, "CFBundleShortVersionString": "1.0", "CFBundleVersion": "1"}

    def content_extension_plist(self, name, claims, broken):
        attributes = {"UNNotificationExtensionCategory": claims if len(claims) > 1 else claims[0],
                      "UNNotificationExtensionDefaultContentHidden": False,
                      "UNNotificationExtensionInitialContentSizeRatio": 0.75,
                      "UNNotificationExtensionUserInteractionEnabled": True}
        extension = {"NSExtensionAttributes": attributes, "NSExtensionMainStoryboard": "MainInterface",
                     "NSExtensionPointIdentifier": "com.apple.usernotifications.content-extension"}
        if broken:  # deliberately wrong: both a storyboard and a principal class
            extension["NSExtensionPrincipalClass"] = "$(PRODUCT_MODULE_NAME).NotificationViewController"
        return self.plist(dict(self.bundle(name, "XPC!"), NSExtension=extension))

    # ------------------------------------------------------------------ payloads
    def payload(self, folder, base, extension, categories, wrong):
        r = self.rng
        aps = {"alert": {"title": r.choice(SENTENCES), "body": r.choice(SENTENCES) + " " + r.choice(WORDS)}}
        if r.random() < 0.6:
            aps["sound"] = r.choice(["default", "chime.caf"])
        if r.random() < 0.4:
            aps["badge"] = r.randint(0, 20)
        if r.random() < 0.3:
            aps["thread-id"] = r.choice(WORDS)
        if r.random() < 0.7:
            aps["category"] = r.choice(categories)
        body = {"aps": aps, "id": f"{base}", "sent": f"2024-05-{r.randint(10, 28)}T10:{r.randint(10, 59)}:00Z"}
        extra = []
        roll = r.random()
        if roll < 0.2:
            aps["mutable-content"] = 1
            body["attachment-url"] = f"https://cdn.example.com/media/{base}.{r.choice(['jpg', 'png', 'mp4'])}"
        elif roll < 0.32:
            aps["mutable-content"] = 1
            image = f"{base}-attachment.png"
            body["attachment-url"] = image
            extra.append((f"{folder}/{image}", "attachment", png(r, r.choice([32, 48, 64]), r.choice([24, 32]))))
        if r.random() < 0.5:
            body["data"] = {"deeplink": f"example://{r.choice(WORDS)}/{r.randint(1, 9999)}",
                            "tracking": {"campaign": r.choice(WORDS), "variant": r.choice("ABC")},
                            "items": [{"id": r.randint(1, 10**6), "name": r.choice(WORDS)} for _ in range(r.randint(0, 6))]}
        if extension == "apns" and r.random() < 0.5:
            body["Simulator Target Bundle"] = "com.example.app"
        text = None
        if wrong == "syntax":
            text = json.dumps(body, indent=2, ensure_ascii=False)[:-2] + ",\n}\n"
        elif wrong == "typo":
            aps["mutable_content"] = aps.pop("mutable-content", 1)
        elif wrong == "unknown-category":
            aps["category"] = f"com.example.app.unknown{self.uid()}"
        elif wrong == "empty-aps":
            body["aps"] = {}
        elif wrong == "missing-attachment":
            aps["mutable-content"] = 1
            body["attachment-url"] = f"{base}-missing.png"
            extra = []
        elif wrong == "badge-string":
            aps["badge"] = "3"
        elif wrong == "duplicate-key":
            text = json.dumps(body, indent=2, ensure_ascii=False).replace('"aps": {', '"aps": {\n    "sound": "a.caf",\n    "sound": "b.caf",', 1)
        elif wrong == "too-large":
            body["data"] = {"blob": "x" * 5000}
        if text is None:
            text = json.dumps(body, indent=r.choice([2, 4]), ensure_ascii=False) + "\n"
        return text, extra

    # ------------------------------------------------------------------ the tree
    def build(self):
        r = self.rng
        n = self.n
        F = self.features
        notopen = round(0.10 * n)
        payload_share = round(0.10 * n)
        objc_share = round(0.15 * n)
        json_other = max(2, round(0.01 * n))

        # --- plists and manifests
        self.add("App/Info.plist", "plist", self.plist(dict(
            self.bundle("Example", "APPL"), LSRequiresIPhoneOS=True, UILaunchStoryboardName="LaunchScreen",
            UIMainStoryboardFile="Main", UIBackgroundModes=["remote-notification", "fetch"],
            UIApplicationSceneManifest={"UIApplicationSupportsMultipleScenes": False},
            UISupportedInterfaceOrientations=["UIInterfaceOrientationPortrait"])))
        self.add("App/Settings.bundle/Root.plist", "plist", self.plist({
            "StringsTable": "Root", "PreferenceSpecifiers": [
                {"Type": "PSToggleSwitchSpecifier", "Title": "Notifications", "Key": "notifications_enabled",
                 "DefaultValue": True}]}))
        self.add("App/Resources/NotificationCategories.json", "manifest", json.dumps({"categories": [
            {"identifier": c, "actions": [{"identifier": f"{c}.open", "title": "Open", "options": ["foreground"]}]}
            for c in self.manifest_categories]}, indent=2) + "\n")
        self.add("App/Resources/LegacyCategories.plist", "manifest", self.plist({"categories": [
            {"identifier": "com.example.app.server.digest-ios8",
             "actions": [{"identifier": "digest.read", "title": "Read"}]}]}))
        registered = [c for c in self.registered()]
        code_categories = [c for k in sorted(self.categories) for _, c in self.categories[k]]
        per = max(1, len(code_categories) // self.content_extensions)
        claimed = []
        for e in range(self.content_extensions):
            name = f"Content{chr(ord('A') + e)}"
            claims = code_categories[e * per:(e + 1) * per] or [code_categories[0]]
            claimed += claims
            self.add(f"Extensions/{name}/Info.plist", "plist",
                     self.content_extension_plist(name, claims, broken=(e == 3)))
            self.add(f"Extensions/{name}/NotificationViewController.swift", "swift",
                     self.swift_file(f"Extensions/{name}/NotificationViewController.swift", name, "dismiss", 1))
            self.add(f"Extensions/{name}/Base.lproj/MainInterface.storyboard", "storyboard", self.storyboard(name))
        self.add("Extensions/Service/Info.plist", "plist", self.plist(dict(
            self.bundle("Service", "XPC!"), NSExtension={
                "NSExtensionPointIdentifier": "com.apple.usernotifications.service",
                "NSExtensionPrincipalClass": "$(PRODUCT_MODULE_NAME).NotificationService"})))
        self.add("Extensions/Service/NotificationService.swift", "swift", self.service_extension())
        for k in range(1, F + 1):
            self.add(f"Sources/Feature{k}/Info.plist", "plist",
                     self.plist(dict(self.bundle(f"Feature{k}", "FMWK"), NSPrincipalClass="")))

        # --- payloads (about 5 % deliberately wrong) and their attachments
        wrongs = ["syntax", "typo", "unknown-category", "empty-aps", "missing-attachment", "badge-string",
                  "duplicate-key", "too-large"]
        payload_folders = [f"Payloads/Feature{k}" for k in range(1, F + 1)] + \
            ["Payloads/Marketing", "Payloads/Marketing/Campaigns", "Tests/Fixtures/Payloads", "App/Resources/Push"]
        written = 0
        i = 0
        while written < payload_share:
            i += 1
            folder = r.choice(payload_folders)
            extension = "apns" if r.random() < 0.35 else "json"
            base = f"{r.choice(WORDS)}-{r.choice(WORDS)}-{i}" + ("-voip" if r.random() < 0.02 else "")
            wrong = r.choice(wrongs) if r.random() < 0.05 else None
            text, extra = self.payload(folder, base, extension, claimed if r.random() < 0.7 else registered, wrong)
            if written + 1 + len(extra) > payload_share:
                extra = []
                if "attachment-url" in text and "https://" not in text:
                    continue
            self.add(f"{folder}/{base}.{extension}", "payload", text)
            for path, kind, data in extra:
                self.add(path, kind, data)
            written += 1 + len(extra)

        # --- other JSON: mock responses, no "aps"
        for i in range(json_other):
            k = r.randint(1, F)
            items = [{"id": r.randint(1, 10**6), "title": r.choice(SENTENCES), "tags": r.sample(WORDS, 3),
                      "price": round(r.random() * 100, 2)} for _ in range(r.randint(3, 40))]
            self.add(f"Sources/Feature{k}/Resources/Mocks/{r.choice(WORDS)}-response-{i}.json", "json-other",
                     json.dumps({"status": "ok", "page": 1, "items": items}, indent=2, ensure_ascii=False) + "\n")

        # --- files lint must not open (and asset catalog Contents.json, which it reads by extension)
        self.inert(notopen)

        # --- Objective-C: .m files, most with a .h
        objc = 0
        j_count = self.legacy
        j_first = {j: True for j in range(1, j_count + 1)}
        while objc < objc_share:
            j = r.randint(1, j_count)
            folder = f"Sources/Legacy{j}/{r.choice(['Core', 'UI', 'Networking', 'Models', 'UI/Cells'])}"
            cls = f"EX{camel(r.sample(WORDS, 2))}{self.uid()}"
            role = None
            if j_first[j] and objc + 2 <= objc_share:
                role = "registrar"  # its header #defines the category the others use
            elif not j_first[j] and r.random() < 0.04:
                role = "assigner"
            with_header = role == "registrar" or (r.random() < 0.67 and objc + 2 <= objc_share)
            if with_header:
                self.add(f"{folder}/{cls}.h", "objc-h", self.objc_header(cls, j, legacy_define=role == "registrar"))
                objc += 1
            if role == "registrar":
                j_first[j] = False
            self.add(f"{folder}/{cls}.m", "objc-m", self.objc_source(cls, j, role, with_header))
            objc += 1

        # --- Swift: App/, one registrar per feature with categories, the rest
        self.add("App/AppDelegate.swift", "swift", self.app_delegate())
        for k in sorted(self.categories):
            self.add(f"Sources/Feature{k}/Notifications/F{k}NotificationRegistrar.swift", "swift",
                     self.swift_file(f"F{k}NotificationRegistrar.swift", f"Feature{k}", "registrar", k))
        remaining = n - self.count()
        if remaining < 0:
            sys.exit(f"make-lint-tree: --files {n} is too few for the fixed files ({self.count()})")
        for _ in range(remaining):
            roll = r.random()
            role = "assigner" if roll < 0.03 else "dismiss" if roll < 0.04 else "near-miss" if roll < 0.06 else None
            k = r.randint(1, F)
            if r.random() < 0.05:
                folder = f"Tests/Feature{k}Tests"
                name = self.name("Tests")
            elif r.random() < 0.04:
                folder = "App/" + r.choice(["", "Scenes", "Routing"]).rstrip("/")
                folder = folder.rstrip("/")
                name = self.name()
            else:
                folder = f"Sources/Feature{k}/{r.choice(LAYERS)}"
                sub = r.choice(SUBS)
                if sub:
                    folder += "/" + sub
                name = self.name(r.choice(["", "View", "ViewModel", "Service", "Store", "Cell", "Model"]))
            self.add(f"{folder}/{name}.swift", "swift", self.swift_file(f"{folder}/{name}.swift", f"Feature{k}", role, k))

        # --- folders lint must not enter
        self.skipped()

    def storyboard(self, name):
        return t('''<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="M4Y-Lb-cyx">
    <scenes>
        <scene sceneID="cwh-vc-ff4">
            <objects>
                <viewController id="M4Y-Lb-cyx" customClass="${name}ViewController" customModuleProvider="target" sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="S3S-Oj-5AN">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="37"/>
                        <subviews>
                            <label opaque="NO" text="categoryIdentifier" id="GcN-lo-r42"/>
                        </subviews>
                    </view>
                </viewController>
            </objects>
        </scene>
    </scenes>
</document>
''', name=name)

    def service_extension(self):
        k = min(self.categories)
        kind = self.categories[k][0][0]
        return t('''//
//  NotificationService.swift
//  Service
//

import UserNotifications

final class NotificationService: UNNotificationServiceExtension {
    private var contentHandler: ((UNNotificationContent) -> Void)?
    private var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        self.contentHandler = contentHandler
        bestAttemptContent = request.content.mutableCopy() as? UNMutableNotificationContent
        guard let bestAttemptContent else { return contentHandler(request.content) }
        if bestAttemptContent.categoryIdentifier.isEmpty {
            bestAttemptContent.categoryIdentifier = F${k}NotificationCategory.${kind}.rawValue
        }
        guard let link = request.content.userInfo["attachment-url"] as? String, let url = URL(string: link) else {
            return contentHandler(bestAttemptContent)
        }
        URLSession.shared.downloadTask(with: url) { location, _, _ in
            if let location, let attachment = try? UNNotificationAttachment(identifier: "media", url: location) {
                bestAttemptContent.attachments = [attachment]
            }
            contentHandler(bestAttemptContent)
        }.resume()
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler, let bestAttemptContent { contentHandler(bestAttemptContent) }
    }
}
''', k=str(k), kind=kind)

    def app_delegate(self):
        return '''//
//  AppDelegate.swift
//  Example
//

import UIKit
import UserNotifications

@main
final class AppDelegate: UIResponder, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let center = UNUserNotificationCenter.current()
        center.delegate = self
        center.requestAuthorization(options: [.alert, .sound, .badge]) { granted, _ in
            guard granted else { return }
            DispatchQueue.main.async { application.registerForRemoteNotifications() }
        }
        return true
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken token: Data) {
        let hex = token.map { String(format: "%02x", $0) }.joined()
        print("push token: \\(hex)")
    }
}
'''

    def inert(self, count):
        r = self.rng
        F = self.features
        made = 0
        languages = ["en", "de", "fr", "es", "ja", "zh-Hans", "pt-BR", "it"]
        fixed = [("App/Base.lproj/Main.storyboard", "storyboard", self.storyboard("Main")),
                 ("App/Base.lproj/LaunchScreen.storyboard", "storyboard", self.storyboard("Launch")),
                 ("App.xcodeproj/project.pbxproj", "other", "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n\t};\n}\n"),
                 ("App.xcodeproj/xcuserdata/dev.xcuserdatad/xcschemes/xcschememanagement.plist", "skipped",
                  self.plist({"SchemeUserState": {"App.xcscheme": {"orderHint": 0}}})),
                 ("Configs/Debug.xcconfig", "other", "CATEGORY_PREFIX = com.example.app\nSWIFT_VERSION = 5.0\n"),
                 ("Configs/Release.xcconfig", "other", "CATEGORY_PREFIX = com.example.app\n"),
                 ("App/App.entitlements", "other", self.plist({"aps-environment": "development"})),
                 ("Podfile", "other", "platform :ios, '15.0'\ntarget 'App' do\n  pod 'Alamofire'\nend\n"),
                 ("README.md", "markdown", "# Example\n\nRun `richpreview lint` before pushing.\n"),
                 ("App/Assets.xcassets/Contents.json", "asset-json",
                  json.dumps({"info": {"author": "xcode", "version": 1}}, indent=2) + "\n")]
        for path, kind, data in fixed:
            self.add(path, kind, data)
            made += kind != "skipped"
        while made < count:
            roll = r.random()
            if roll < 0.45 and made + 3 <= count:  # an image set: Contents.json and two PNGs
                name = f"{r.choice(WORDS)}-{r.choice(WORDS)}-{self.uid()}"
                where = r.choice(["App/Assets.xcassets", f"Sources/Feature{r.randint(1, F)}/Resources/Media.xcassets"])
                scales = r.sample(["1x", "2x", "3x"], 2)
                self.add(f"{where}/{name}.imageset/Contents.json", "asset-json", json.dumps({
                    "images": [{"filename": f"{name}@{s}.png", "idiom": "universal", "scale": s} for s in scales],
                    "info": {"author": "xcode", "version": 1}}, indent=2) + "\n")
                for s in scales:
                    side = 16 * int(s[0])
                    self.add(f"{where}/{name}.imageset/{name}@{s}.png", "image", png(r, side, side))
                made += 3
            elif roll < 0.55:
                self.add(f"Resources/Images/{r.choice(WORDS)}-{self.uid()}.png", "image", png(r, 40, 30))
                made += 1
            elif roll < 0.75:
                lang = r.choice(languages)
                lines = "\n".join(f'"{w}.title" = "{r.choice(SENTENCES)}";' for w in r.sample(WORDS, 12))
                self.add(f"Sources/Feature{r.randint(1, F)}/Resources/{lang}.lproj/Strings{self.uid()}.strings",
                         "strings", "/* Localizable strings */\n" + lines + "\n")
                made += 1
            elif roll < 0.85:
                self.add(f"Sources/Feature{r.randint(1, F)}/Views/Screen{self.uid()}.storyboard", "storyboard",
                         self.storyboard(f"Screen{self.unique}"))
                made += 1
            elif roll < 0.97:
                paragraphs = "\n\n".join(" ".join(r.choice(WORDS) for _ in range(60)) for _ in range(r.randint(2, 8)))
                self.add(f"Docs/{r.choice(['guides', 'adr', 'notes'])}/{r.choice(WORDS)}-{self.uid()}.md", "markdown",
                         f"# {r.choice(SENTENCES)}\n\n{paragraphs}\n\n```swift\ncontent.categoryIdentifier = \"x\"\n```\n")
                made += 1
            else:
                self.add(f"Sources/Feature{r.randint(1, F)}/Resources/Fonts/Font{self.uid()}.ttf", "other",
                         r.randbytes(2048))
                made += 1

    def skipped(self):
        """M files in Pods/, DerivedData/ and .git/ (plus the xcuserdata plist above)."""
        r = self.rng
        made = self.count(skipped=True)
        pods = ["Alamofire", "Kingfisher", "SnapKit", "Firebase", "GoogleUtilities", "SDWebImage"]
        while made < self.m:
            roll = r.random()
            if roll < 0.5:
                pod = r.choice(pods)
                sub = r.choice(["Sources", "Sources/Core", "Sources/Extensions", "Headers/Public"])
                name = f"{pod}{camel(r.sample(WORDS, 2))}{self.uid()}"
                ext = r.choice(["swift", "swift", "m", "h", "json", "plist"])
                if ext == "swift":
                    data = self.swift_file(name, pod, "registrar" if r.random() < 0.05 else None, min(self.categories))
                elif ext in ("m", "h"):
                    data = f"// {name}\n#import <Foundation/Foundation.h>\n#define {name.upper()} @\"x\"\n"
                elif ext == "json":
                    data = json.dumps({"aps": {"alert": "from a pod", "category": "pod.category"}}) + "\n"
                else:
                    data = self.plist(dict(self.bundle(pod, "FMWK")))
                self.add(f"Pods/{pod}/{sub}/{name}.{ext}", "skipped", data)
            elif roll < 0.75:
                ext = r.choice(["o", "swiftdeps", "d", "json", "plist", "swift"])
                path = (f"DerivedData/App-bfzqkqhtgkzhdb/Build/Intermediates.noindex/App.build/Debug-iphonesimulator/"
                        f"App.build/Objects-normal/x86_64/{camel(r.sample(WORDS, 2))}{self.uid()}.{ext}")
                data = r.randbytes(r.randint(200, 4000)) if ext == "o" else \
                    json.dumps({"aps": {"alert": "derived"}}) if ext == "json" else "// derived\n"
                self.add(path, "skipped", data)
            else:
                digest = hashlib.sha1(str(self.uid()).encode()).hexdigest()
                self.add(f".git/objects/{digest[:2]}/{digest[2:]}", "skipped",
                         zlib.compress(b"blob 100\0" + r.randbytes(100)))
            made += 1
        self.add(".git/HEAD", "skipped", "ref: refs/heads/main\n")
        self.add(".git/config", "skipped", "[core]\n\trepositoryformatversion = 0\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out")
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--skipped", type=int, default=None, help="files in skipped folders (default files/5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="comma-separated groups: " + ", ".join(GROUPS))
    args = parser.parse_args()
    if args.files < 100:
        parser.error("--files must be at least 100")
    skipped = args.files // 5 if args.skipped is None else args.skipped
    keep = set()
    for group in filter(None, args.only.split(",")):
        if group not in GROUPS:
            parser.error(f"--only: unknown group '{group}' (known: {', '.join(GROUPS)})")
        keep |= GROUPS[group]
    keep = keep or set().union(*GROUPS.values())

    out = os.path.abspath(args.out)
    stamp = out + ".json"
    if os.path.exists(out):
        try:
            mine = json.load(open(stamp)).get("generator") == "make-lint-tree.py"
        except (OSError, ValueError):
            mine = False
        if not mine:
            sys.exit(f"make-lint-tree: {out} exists and {stamp} does not say this script wrote it; not replacing it")
        shutil.rmtree(out)
    if os.path.exists(stamp):
        os.remove(stamp)

    tree = Tree(args.files, skipped, args.seed)
    tree.build()
    assert tree.count() == args.files, (tree.count(), args.files)
    counts, sizes, listing = {}, {}, []
    for path in sorted(tree.files):
        kind, data = tree.files[path]
        if kind not in keep:
            continue
        full = os.path.join(out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(data)
        counts[kind] = counts.get(kind, 0) + 1
        sizes[kind] = sizes.get(kind, 0) + len(data)
        listing.append([path, kind])
    this = open(os.path.abspath(__file__), "rb").read()
    with open(stamp, "w") as f:
        json.dump({"generator": "make-lint-tree.py", "generator_sha256": hashlib.sha256(this).hexdigest(),
                   "files": args.files, "skipped": skipped, "seed": args.seed, "only": sorted(keep),
                   "written": len(listing), "counts": dict(sorted(counts.items())),
                   "bytes": dict(sorted(sizes.items())), "may_open": sorted(MAY_OPEN),
                   "must_not_open": sorted(MUST_NOT_OPEN), "skipped_folders": list(SKIPPED_FOLDERS),
                   "paths": listing}, f, indent=0)
        f.write("\n")
    print(f"make-lint-tree: wrote {len(listing)} files ({sum(sizes.values()) / 1e6:.1f} MB) to {out}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
