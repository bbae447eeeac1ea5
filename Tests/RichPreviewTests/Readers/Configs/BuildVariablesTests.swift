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
