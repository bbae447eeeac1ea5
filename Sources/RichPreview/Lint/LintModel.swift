/// Everything a lint read and worked out on its way to the findings: the files found, their
/// parsed contents, every source file's facts and the symbol table. Nothing can be read from it;
/// it exists so that its owner decides when it is freed (`Linter.lintKeepingModel`).
///
/// `@unchecked Sendable`: its contents are never read or changed once it is made.
package struct LintModel: @unchecked Sendable {
    let project: LintProject?
    let walked: [ProjectWalker.Entry]

    init(project: LintProject?, walked: [ProjectWalker.Entry]) {
        self.project = project
        self.walked = walked
    }
}
