/// A word of a command a hint suggests, written so that a POSIX shell reads it back unchanged.
enum ShellWord {
    /// `word` as is when it holds only characters no shell treats specially, else in single
    /// quotes (a quote inside written `'\''`).
    static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "._-/+@%=:,".unicodeScalars.contains(scalar))
            }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
