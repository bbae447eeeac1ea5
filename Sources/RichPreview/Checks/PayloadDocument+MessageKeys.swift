extension PayloadDocument {
    /// `findings` whose key paths are the message's own (a header's, a provider field's), placed
    /// now so that they are not read as the payload's key paths.
    func placedAtMessageKeys(_ findings: [Finding]) -> [Finding] {
        sourceMap?.place(findings) ?? findings
    }
}
