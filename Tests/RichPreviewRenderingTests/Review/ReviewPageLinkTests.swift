import Foundation
import RichPreviewRendering
import Testing

/// `ReviewPage.LinkFormat`: a relative link starts with `./` or `../` and percent-encodes every
/// byte that could make it something else (a scheme, a query, a fragment, an attribute's end);
/// a template makes only http(s) links.
struct ReviewPageLinkTests {
    static let page = ReviewPage.LinkFormat.relative(pageFolder: "/project/out")

    @Test func aRelativeLinkStartsWithADotAndEncodesWhatIsNotAPathCharacter() {
        #expect(
            Self.page.link(file: "/project/out/javascript:alert(1)/x.json", line: nil, column: nil)
                == "./javascript%3Aalert(1)/x.json")
        #expect(Self.page.link(file: "/project/payloads/a.json", line: 3, column: 1) == "../payloads/a.json#L3")
        #expect(
            Self.page.link(file: "/project/out/a b#c?d%e\"f'g<h>&i\u{1}\u{7F}é😀.json", line: nil, column: nil)
                == "./a%20b%23c%3Fd%25e%22f%27g%3Ch%3E%26i%01%7F%C3%A9%F0%9F%98%80.json")
        #expect(
            Self.page.link(file: "/project/out/keep-._~!$()*+,;=@/A9.json", line: nil, column: nil)
                == "./keep-._~!$()*+,;=@/A9.json")
    }

    @Test func aTemplateMakesOnlyWebLinks() {
        let web = ReviewPage.LinkFormat.template("https://example.com/blob/main/{path}#L{line}")
        #expect(
            web.link(file: "javascript:x/a b.json", line: 7, column: nil)
                == "https://example.com/blob/main/javascript%3Ax/a%20b.json#L7")
        for template in ["javascript:alert(1)//{path}", "vscode://file/{absolute}", "//example.com/{path}", "{path}"] {
            #expect(
                ReviewPage.LinkFormat.template(template).link(file: "a.json", line: 1, column: 1) == nil, "\(template)")
        }
        #expect(ReviewPage.LinkFormat.isWebLink("HTTP://example.com/{path}"))
        #expect(!ReviewPage.LinkFormat.isWebLink("https:/example.com"))
    }

    @Test func theVisualStudioCodeLinkEncodesItsPath() {
        #expect(
            ReviewPage.LinkFormat.vscode.link(file: "/p/a#b.json", line: 2, column: 5)
                == "vscode://file/p/a%23b.json:2:5")
    }
}
