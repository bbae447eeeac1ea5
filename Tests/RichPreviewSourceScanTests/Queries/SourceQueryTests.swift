import RichPreviewSourceScan
import Testing

/// The query API: calls to queried names with their arguments resolved, queried types with their
/// stored properties, and conditional-compilation regions.
struct SourceQueryTests {
    static func scan(
        _ files: [(String, String)], calls: [String] = [], conformances: [String] = [], regions: Bool = false
    ) throws -> SourceScan {
        let queries = try SourceQueries([
            SourceQuery(calls: calls, conformances: conformances, conditionalRegions: regions)
        ])
        return SourceScanner.scan(files.compactMap { SourceFile(path: $0.0, text: $0.1) }, queries: queries)
    }

    @Test func swiftCallsHaveTheirLabelsAndResolvedValues() throws {
        let scan = try Self.scan(
            [
                (
                    "Shared.swift",
                    """
                    enum Group { static let id = "group.com.example" }
                    enum Kind: String { case live = "live-kind" }
                    """
                ),
                (
                    "Start.swift",
                    """
                    func request(_ x: Int) {}
                    func start() {
                        let defaults = UserDefaults(suiteName: Group.id)
                        _ = try Activity.request(attributes: attributes, content: content, pushType: .token)
                        log(Kind.live.rawValue, "x\\(1)")
                    }
                    """
                ),
            ], calls: ["UserDefaults", "request", "log"])
        let defaults = try #require(scan.calls(to: "UserDefaults").first)
        #expect(defaults.receiver == nil && defaults.labels == ["suiteName"])
        #expect(defaults.argument("suiteName")?.value == .literal("group.com.example"))
        #expect(defaults.location == CodeLocation(file: "Start.swift", line: 3, column: 20))
        #expect(defaults.enclosingFunction == "start()")
        let requests = scan.calls(to: "request")
        #expect(requests.count == 1, "the declaration is not a call")
        #expect(requests.first?.receiver == "Activity")
        #expect(requests.first?.labels == ["attributes", "content", "pushType"])
        #expect(requests.first?.argument("pushType")?.expression == ".token")
        let log = try #require(scan.calls(to: "log").first)
        #expect(log.arguments.map(\.label) == [nil, nil])
        #expect(log.arguments.first?.value == .literal("live-kind"))
        #expect(log.arguments.last?.value?.literal == nil)
    }

    @Test func objectiveCMessagesHaveTheirSelectors() throws {
        let scan = try Self.scan(
            [
                (
                    "Store.m",
                    """
                    #define kGroup @"group.com.example.objc"
                    - (void)open {
                        NSUserDefaults *d = [[NSUserDefaults alloc] initWithSuiteName:kGroup];
                        [center requestAuthorizationWithOptions:options completionHandler:nil];
                        [self reload];
                    }
                    """
                )
            ], calls: ["initWithSuiteName", "requestAuthorizationWithOptions", "reload"])
        let suite = try #require(scan.calls(to: "initWithSuiteName").first)
        #expect(suite.selector == "initWithSuiteName:" && suite.receiver == "[NSUserDefaults alloc]")
        #expect(suite.argument("initWithSuiteName")?.value == .literal("group.com.example.objc"))
        let request = try #require(scan.calls(to: "requestAuthorizationWithOptions").first)
        #expect(request.selector == "requestAuthorizationWithOptions:completionHandler:")
        #expect(request.argument("completionHandler")?.value == nil)
        #expect(scan.calls(to: "reload").first?.selector == "reload")
        #expect(scan.calls(to: "reload").first?.receiver == "self")
    }

    @Test func queriedTypesHaveTheirStoredProperties() throws {
        let scan = try Self.scan(
            [
                (
                    "Delivery.swift",
                    """
                    import ActivityKit
                    struct DeliveryAttributes: ActivityAttributes {
                        public struct ContentState: Codable, Hashable {
                            var eta: Date
                            var courier: String?
                        }
                        let orderID: String
                        static let kind = "delivery"
                        var label: String { "Order \\(orderID)" }
                        var note: String = "" { didSet { print(note) } }
                    }
                    struct Unrelated: Codable { var x: Int }
                    """
                )
            ], conformances: ["ActivityAttributes"])
        #expect(scan.types.map(\.name) == ["DeliveryAttributes", "DeliveryAttributes.ContentState"])
        let attributes = try #require(scan.types(conformingTo: "ActivityAttributes").first)
        #expect(attributes.kind == .struct && attributes.inheritance == ["ActivityAttributes"])
        #expect(attributes.properties.map(\.name) == ["orderID", "kind", "note"])
        #expect(attributes.properties.first?.isConstant == true && attributes.properties.first?.type == "String")
        #expect(attributes.properties[1].isStatic && attributes.properties[1].initialValue == "\"delivery\"")
        let state = try #require(scan.types.last)
        #expect(state.inheritance == ["Codable", "Hashable"])
        #expect(state.properties.map(\.name) == ["eta", "courier"])
        #expect(state.properties.map(\.isOptional) == [false, true])
        #expect(state.properties.first?.location == CodeLocation(file: "Delivery.swift", line: 4, column: 13))
    }

    @Test func conditionalRegionsSayWhichBranchAFactIsIn() throws {
        let scan = try Self.scan(
            [
                (
                    "Branches.swift",
                    """
                    #if os(iOS)
                    let a = UserDefaults(suiteName: "group.ios")
                    #elseif os(watchOS) // the watch
                    #if DEBUG
                    let b = UserDefaults(suiteName: "group.debug")
                    #endif
                    #else
                    let c = UserDefaults(suiteName: "group.other")
                    #endif
                    """
                ),
                (
                    "Flags.m",
                    """
                    #ifdef DEBUG
                    int x;
                    #else
                    int y;
                    #endif
                    """
                ),
            ], calls: ["UserDefaults"], regions: true)
        let regions = scan.conditionalRegions
        #expect(regions.map(\.directive) == ["if", "elseif", "if", "else", "ifdef", "else"])
        #expect(regions.map(\.condition) == ["os(iOS)", "os(watchOS)", "DEBUG", "", "DEBUG", ""])
        #expect(regions.map(\.lines) == [1...3, 3...7, 4...6, 7...9, 1...3, 3...5])
        #expect(regions[3].earlierConditions == ["os(iOS)", "os(watchOS)"])
        let calls = scan.calls(to: "UserDefaults")
        #expect(calls.count == 3)
        #expect(scan.conditionalRegions(around: calls[0].location).map(\.condition) == ["os(iOS)"])
        #expect(scan.conditionalRegions(around: calls[1].location).map(\.condition) == ["os(watchOS)", "DEBUG"])
        #expect(scan.conditionalRegions(around: calls[2].location).map(\.directive) == ["else"])
    }

    @Test func queriesLeaveOutWhatTheyCannotAskAndRefuseTooMany() throws {
        let queries = try SourceQueries(calls: ["request", "request", "not a name", "", "9lives"])
        #expect(queries.calledNames == ["request"])
        let many = (0...SourceQueries.capacity).map { "name\($0)" }
        #expect(throws: SourceQueries.TooManyNames.self) { try SourceQueries(calls: many) }
        #expect(try SourceQueries(calls: Array(many.dropLast())).calledNames.count == SourceQueries.capacity)
    }

    @Test func withoutQueriesOnlyTheScannersOwnCallsAreRecorded() {
        let scan = SourceScanner.scan([
            SourceFile(
                path: "Watch.swift",
                text: """
                    let scene = WKNotificationScene(controller: Controller.self, category: "chat")
                    let defaults = UserDefaults(suiteName: "group.x")
                    """, language: .swift)
        ])
        #expect(scan.calls.map(\.name) == ["WKNotificationScene"])
        #expect(scan.sceneCategories.map(\.value) == [.literal("chat")])
        #expect(scan.types.isEmpty)
    }

    @Test func conditionalRegionsAreRecordedOnlyWhenAsked() throws {
        let text = "#if DEBUG\nlet a = 1\n#endif\n"
        #expect(try Self.scan([("A.swift", text)]).conditionalRegions.isEmpty)
        #expect(try Self.scan([("A.swift", text)], regions: true).conditionalRegions.map(\.lines) == [1...3])
    }
}
