import RichPreview
import Testing

struct BuildVariablesTests {
    let variables = BuildVariables([
        "PRODUCT_NAME": "Content", "PRODUCT_MODULE_NAME": "ContentModule",
        "PRODUCT_BUNDLE_IDENTIFIER": "com.example.app.$(PRODUCT_NAME)", "LOOP": "x$(LOOP)",
    ])

    @Test(arguments: [
        ("$(PRODUCT_NAME)", "Content"),
        ("${PRODUCT_NAME}", "Content"),
        ("$(PRODUCT_MODULE_NAME).NotificationViewController", "ContentModule.NotificationViewController"),
        ("a $(PRODUCT_NAME) and ${PRODUCT_MODULE_NAME}", "a Content and ContentModule"),
        ("$(PRODUCT_BUNDLE_IDENTIFIER)", "com.example.app.Content"),
        ("plain text", "plain text"),
        ("costs $5 $ $( $(unclosed", "costs $5 $ $( $(unclosed"),
        ("$(not a name)", "$(not a name)"),
    ])
    func definedVariablesAreReplaced(input: String, expected: String) {
        let result = variables.expand(input)
        #expect(result.text == expected)
        #expect(result.unresolved.isEmpty)
    }

    @Test func undefinedVariablesStayVisibleAndAreReported() {
        let result = variables.expand("$(EXECUTABLE_NAME)-${BUILD_NUMBER}-$(PRODUCT_NAME)")
        #expect(result.text == "$(EXECUTABLE_NAME)-${BUILD_NUMBER}-Content")
        #expect(result.unresolved == ["EXECUTABLE_NAME", "BUILD_NUMBER"])
    }

    @Test func modifiersAreNotAppliedButKeptVisible() {
        let result = variables.expand("com.example.$(PRODUCT_NAME:rfc1034identifier)")
        #expect(result.text == "com.example.$(PRODUCT_NAME:rfc1034identifier)")
        #expect(result.unresolved == ["PRODUCT_NAME:rfc1034identifier"])
    }

    @Test func cyclicDefinitionsStopAtTheDepthLimit() {
        let result = variables.expand("$(LOOP)")
        #expect(result.text == String(repeating: "x", count: BuildVariables.maxDepth) + "$(LOOP)")
        #expect(result.unresolved == ["LOOP"])
    }
}

/// Expansion is bounded in width as well as depth: settings that refer to each other many times a
/// level end at a limit, as written and said, never in an allocation that grows with them.
struct BuildVariablesLimitTests {
    @Test func aThousandReferencesALevelStopAtTheReferenceLimit() {
        var values = ["L8": "x"]
        for level in 0..<8 { values["L\(level)"] = String(repeating: "$(L\(level + 1))", count: 1000) }
        let variables = BuildVariables(values)
        let result = variables.expansion(of: "id.$(L0)")
        #expect(result.isOverLimit)
        #expect(result.text == "id.$(L0)")
        #expect(result.unresolved == ["L0"])
        // The older form says the same through its unresolved names.
        #expect(variables.expand("id.$(L0)").unresolved == ["L0"])
        // 1,000 references of one byte: within both limits.
        let within = variables.expansion(of: "$(L7)")
        #expect(within.text == String(repeating: "x", count: 1000) && within.unresolved.isEmpty && !within.isOverLimit)
    }

    @Test func oneSettingReferringToItselfAThousandTimes() {
        let variables = BuildVariables(["S": String(repeating: "$(S)", count: 1000)])
        let result = variables.expansion(of: "$(S)")
        #expect(result.isOverLimit && result.unresolved == ["S"])
    }

    @Test func theLengthLimitCountsBytes() {
        let long = String(repeating: "é", count: BuildVariables.maximumExpandedLength / 2)
        let variables = BuildVariables(["LONG": long])
        #expect(!variables.expansion(of: "$(LONG)").isOverLimit)
        #expect(variables.expansion(of: "$(LONG)!").isOverLimit)
        #expect(variables.expansion(of: "$(LONG)$(LONG)").text == "$(LONG)$(LONG)")
    }

    @Test func textWithoutReferencesIsNeverOverTheLimit() {
        let text = String(repeating: "a", count: BuildVariables.maximumExpandedLength * 2)
        let result = BuildVariables().expansion(of: text)
        #expect(result.text == text && result.unresolved.isEmpty && !result.isOverLimit)
    }
}
