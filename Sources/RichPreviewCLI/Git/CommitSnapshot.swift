import Foundation
import RichPreviewSystem

/// The files of one commit under some paths, written into a private temporary folder (mode 0700)
/// without a worktree or a checkout: the tree is listed with `git ls-tree` and each blob read by
/// its id with `git cat-file --batch`, so no hook, filter or fsmonitor of the repository runs.
///
/// Only regular files and symbolic links under the paths are written; a submodule is not. A file
/// is written whole (a review probes an attachment of any size), within `Limits`, which are
/// checked from the listing before any blob is read. A symbolic link is written only when it
/// resolves, through the commit's own links, to a file or folder among those written: it is
/// then a relative link to that place, which holds no link and lies inside the folder. A link
/// that is absolute, leaves the tree, loops, or leads to anything not written is left out.
struct CommitSnapshot {
    /// How much of a commit is written at most.
    struct Limits {
        /// Files and links (the lint walk lists at most 200,000).
        var files = 200_000
        /// The bytes of every file together.
        var bytes = 1 << 30

        /// `bytes` as a message gives it: in MiB when it is whole ones.
        var bytesText: String { bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes" }
    }

    /// One file of the listing.
    struct Entry {
        /// Its path from the top of the tree.
        var path: String
        /// Its git mode: `100644`, `100755`, `120000` (a link), `160000` (a submodule).
        var mode: String
        /// Its object id.
        var object: String
        /// Its size in bytes (0 for a submodule).
        var size: Int

        var isLink: Bool { mode == "120000" }
        var isFile: Bool { mode.hasPrefix("100") }
    }

    /// The links of the commit left out (absolute, leading out of what is written, or looping).
    let linksLeftOut: [String]

    /// Lists `commit`'s files under `paths` (relative to the top; "" for all), checks them against
    /// `limits` and writes them under `root`, an empty folder in `git`'s private scratch folder.
    /// - Throws: `ContainedGit.Failure` with the reason, naming `name` for the commit.
    init(commit: String, named name: String, paths: [String], into root: URL, git: ContainedGit, limits: Limits)
        throws(ContainedGit.Failure)
    {
        let pathspecs = paths.contains("") ? [] : paths
        let entries = try Self.listing(commit, paths: ["--"] + pathspecs, git: git, limits: limits)
        let kept = entries.filter { $0.isFile || $0.isLink }
        let bytes = kept.reduce(0) { $0 + $1.size }
        guard bytes <= limits.bytes else {
            throw ContainedGit.Failure(
                reason:
                    "the files of \(name) under the reviewed paths are \(bytes) bytes (files and links), over the limit of \(limits.bytesText): review fewer paths"
            )
        }
        for entry in kept {
            guard Self.isPlainPath(entry.path) else {
                throw ContainedGit.Failure(
                    reason: "\(name) holds a path git would not check out: '\(entry.path.echoed)'")
            }
        }
        let objects = git.scratch.appendingPathComponent("objects.txt")
        do {
            try Data(kept.map { $0.object + "\n" }.joined().utf8).write(to: objects)
        } catch {
            throw ContainedGit.Failure(reason: "cannot write the list of objects: \(error.localizedDescription)")
        }
        var targets: [String: String] = [:]
        let files = try Self.write(kept, from: objects, under: root, git: git, linkTargets: &targets)
        linksLeftOut = Self.link(kept.filter(\.isLink), targets: targets, files: files, under: root)
    }

    /// The entries `git ls-tree -r -z -l` gives for `commit` and `paths`, at most `limits.files`.
    private static func listing(_ commit: String, paths: [String], git: ContainedGit, limits: Limits)
        throws(ContainedGit.Failure) -> [Entry]
    {
        var entries: [Entry] = []
        try git.run(["ls-tree", "-r", "-z", "-l", "--full-tree", commit] + paths) {
            (reader: inout GitOutput) throws(ContainedGit.Failure) in
            while let record = try reader.record(endingWith: 0, limit: 1 << 16) {
                guard let tab = record.firstIndex(of: 0x09) else {
                    throw ContainedGit.Failure(reason: "git ls-tree gave a line without a path")
                }
                let fields = record[..<tab].split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
                guard fields.count == 4 else { throw ContainedGit.Failure(reason: "git ls-tree gave an unknown line") }
                entries.append(
                    Entry(
                        path: FileName.text(record[(tab + 1)...]), mode: fields[0], object: fields[2],
                        size: Int(fields[3]) ?? 0))
                if entries.count > limits.files {
                    throw ContainedGit.Failure(
                        reason:
                            "the reviewed paths hold more than \(limits.files) files at the baseline commit: review fewer paths"
                    )
                }
            }
        }
        return entries
    }

    /// Whether `path` is one a checkout writes: relative, no empty, `.` or `..` component.
    private static func isPlainPath(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/")
            && !path.split(separator: "/", omittingEmptySubsequences: false).contains {
                $0.isEmpty || $0 == "." || $0 == ".."
            }
    }

    /// Writes every file of `entries` under `root` from `git cat-file --batch` of the ids listed
    /// in `objects` (one per entry, in order), and keeps each link's target in `linkTargets`.
    /// Returns the paths of the files written.
    private static func write(
        _ entries: [Entry], from objects: URL, under root: URL, git: ContainedGit,
        linkTargets: inout [String: String]
    ) throws(ContainedGit.Failure) -> Set<String> {
        var written: Set<String> = []
        var targets: [String: String] = [:]
        try git.run(["cat-file", "--batch"], input: objects) {
            (reader: inout GitOutput) throws(ContainedGit.Failure) in
            for entry in entries {
                guard let header = try reader.record(endingWith: 0x0A, limit: 4096) else {
                    throw ContainedGit.Failure(reason: "git cat-file ended before \(entry.path.echoed)")
                }
                let fields = header.split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
                guard fields.count == 3, fields[0] == entry.object, fields[1] == "blob", Int(fields[2]) == entry.size
                else {
                    throw ContainedGit.Failure(
                        reason:
                            "git cat-file gave '\(String(decoding: header, as: UTF8.self).echoed)' for \(entry.path.echoed), not its blob"
                    )
                }
                if entry.isLink {
                    // A target longer than a path can be is never kept whole: such a link is left out.
                    var target: [UInt8] = []
                    try copy(entry.size, from: &reader) { target += $0.prefix(Int(PATH_MAX) + 1 - target.count) }
                    if target.count <= Int(PATH_MAX) { targets[entry.path] = FileName.text(target) }
                } else {
                    let descriptor = try create(entry.path, under: root, executable: entry.mode == "100755")
                    defer { close(descriptor) }
                    try copy(entry.size, from: &reader) { (bytes: ArraySlice<UInt8>) throws(ContainedGit.Failure) in
                        do {
                            try PrivateTree.write(bytes, to: descriptor)
                        } catch {
                            throw ContainedGit.Failure(
                                reason: "cannot write \(entry.path.echoed) of the baseline: \(error)")
                        }
                    }
                    written.insert(entry.path)
                }
                guard try reader.record(endingWith: 0x0A, limit: 0) == [] else {
                    throw ContainedGit.Failure(reason: "git cat-file gave more than the blob of \(entry.path.echoed)")
                }
            }
        }
        linkTargets = targets
        return written
    }

    /// Hands the next `count` bytes of `reader` to `use`, a chunk at a time.
    private static func copy(
        _ count: Int, from reader: inout GitOutput, into use: (ArraySlice<UInt8>) throws(ContainedGit.Failure) -> Void
    ) throws(ContainedGit.Failure) {
        var left = count
        while left > 0 {
            if reader.available == 0 {
                guard try reader.fill() else { throw ContainedGit.Failure(reason: "git cat-file ended inside a blob") }
            }
            let chunk = reader.take(left)
            left -= chunk.count
            try use(chunk)
        }
    }

    /// Makes the folders `path` lies in under `root` (0700), where missing; false when one of them
    /// is something else already (a file or link of a malformed tree) or cannot be made.
    private static func makeFolders(of path: String, under root: URL) -> Bool {
        var folder = root.path
        for name in path.split(separator: "/").dropLast() {
            folder += "/" + name
            do { try PrivateTree.makeFolder(folder) } catch { return false }
        }
        return true
    }

    /// A new file at `path` under `root`, its folders made first: opened for writing, never
    /// through a link and never over an existing file.
    private static func create(_ path: String, under root: URL, executable: Bool) throws(ContainedGit.Failure)
        -> Int32
    {
        guard makeFolders(of: path, under: root) else {
            throw ContainedGit.Failure(reason: "the folders of \(path.echoed) cannot be made in the baseline's copy")
        }
        do {
            return try PrivateTree.createFile(root.path + "/" + path, executable: executable)
        } catch {
            throw ContainedGit.Failure(reason: "cannot write \(path.echoed) of the baseline: \(error)")
        }
    }

    /// Makes each link of `links` whose target resolves to a written file or folder, as a relative
    /// link to that place; returns the paths of those left out.
    private static func link(_ links: [Entry], targets: [String: String], files: Set<String>, under root: URL)
        -> [String]
    {
        var folders: Set<String> = [""]
        for path in files.union(links.map(\.path)) {
            var parts = path.split(separator: "/").dropLast()
            while !parts.isEmpty {
                folders.insert(parts.joined(separator: "/"))
                parts = parts.dropLast()
            }
        }
        var leftOut: [String] = []
        for link in links {
            // The link's folder is the commit's, written or not.
            guard makeFolders(of: link.path, under: root), let target = targets[link.path],
                let resolved = resolve(link.path, to: target, links: targets, files: files, folders: folders)
            else {
                leftOut.append(link.path)
                continue
            }
            let parent = link.path.split(separator: "/").dropLast().map(String.init)
            var common = 0
            while common < min(parent.count, resolved.count), parent[common] == resolved[common] { common += 1 }
            let relative = Array(repeating: "..", count: parent.count - common) + resolved[common...]
            do {
                try PrivateTree.makeLink(
                    root.path + "/" + link.path, to: relative.isEmpty ? "." : relative.joined(separator: "/"))
            } catch {
                leftOut.append(link.path)
            }
        }
        return leftOut
    }

    /// The components of the place the link at `path` with `target` leads to, following the
    /// commit's links (at most 40); nil when it leaves the tree, loops, or reaches anything but a
    /// file or folder of `files` and `folders`.
    static func resolve(
        _ path: String, to target: String, links: [String: String], files: Set<String>, folders: Set<String>
    ) -> [String]? {
        var resolved = path.split(separator: "/").dropLast().map(String.init)
        var pending = target.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !target.hasPrefix("/") else { return nil }
        var hops = 0
        while !pending.isEmpty {
            let name = pending.removeFirst()
            if name.isEmpty || name == "." { continue }
            if name == ".." {
                guard !resolved.isEmpty else { return nil }
                resolved.removeLast()
                continue
            }
            resolved.append(name)
            let here = resolved.joined(separator: "/")
            if let next = links[here] {
                hops += 1
                guard hops <= 40, !next.hasPrefix("/") else { return nil }
                resolved.removeLast()
                pending = next.split(separator: "/", omittingEmptySubsequences: false).map(String.init) + pending
            } else if files.contains(here) {
                guard pending.isEmpty else { return nil }
            } else if !folders.contains(here) {
                return nil
            }
        }
        return resolved
    }
}
