extension String {
    /// The last part of a `/`-separated relative path, as the project walker writes paths: the text
    /// after its last slash (the whole path when it has none). Cheaper than `NSString`'s
    /// `lastPathComponent`, which normalises the path first, for checks made of every file a lint
    /// walks.
    var pathName: Substring {
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return self[...] }
        return self[index(after: slash)...]
    }
}
