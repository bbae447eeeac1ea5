extension KeyPathOrigins {
    /// `findings` about `file` (any when nil) whose key path is the payload's (they have no line
    /// yet, are not a provider rule's) with the message's key path instead, the payload's kept in
    /// a note.
    func translated(_ findings: [Finding], file: String? = nil) -> [Finding] {
        guard !origins.isEmpty else { return findings }
        return findings.map { finding in
            guard finding.line == nil, file == nil || finding.file == file, let keyPath = finding.keyPath,
                Rules.descriptor(id: finding.rule)?.area != .provider, let origin = origin(of: keyPath),
                origin != keyPath
            else { return finding }
            var translated = finding
            translated.keyPath = origin.isEmpty ? nil : origin
            translated.notes.append("In the APNs payload the provider sends: \(keyPath).")
            return translated
        }
    }
}
