import Foundation
import RichPreviewTestSupport
import Testing

@testable import RichPreviewCLI

/// `CommitSnapshot` writes a commit's files from git's object store, within its limits, and
/// writes a symbolic link only as a relative link to a written place that no link of the commit
/// can lead out of.
struct CommitSnapshotTests {
    @Test func aLinkResolvesThroughTheCommitsLinksOrIsLeftOut() {
        let files: Set<String> = ["p/a.json", "q/b.json"]
        let folders: Set<String> = ["", "p", "q"]
        let links = [
            "p/same": "a.json", "p/up": "../q/b.json", "p/folder": "../q", "p/through": "folder/b.json",
            "p/here": ".", "p/absolute": "/etc/passwd", "p/out": "../../x", "p/loop": "loop", "p/none": "none.json",
            "p/inside-a-file": "a.json/x", "p/slashed-file": "a.json/",
            // Lexically p/here/here/../../../etc is the top's etc; through the links it is above the top.
            "p/trick": "here/here/../../../etc",
        ]
        func resolved(_ link: String) -> String? {
            CommitSnapshot.resolve(link, to: links[link] ?? "", links: links, files: files, folders: folders)?
                .joined(separator: "/")
        }
        #expect(resolved("p/same") == "p/a.json")
        #expect(resolved("p/up") == "q/b.json")
        #expect(resolved("p/folder") == "q")
        #expect(resolved("p/through") == "q/b.json")
        #expect(resolved("p/here") == "p")
        for link in ["p/absolute", "p/out", "p/loop", "p/none", "p/inside-a-file", "p/slashed-file", "p/trick"] {
            #expect(resolved(link) == nil, "\(link)")
        }
    }

    /// A repository with a file, an executable, links that stay in and links that leave.
    static func repository() throws -> URL {
        let folder = try TestPaths.temporaryFolder()
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appendingPathComponent("p/deep"), withIntermediateDirectories: true)
        try manager.createDirectory(at: folder.appendingPathComponent("links"), withIntermediateDirectories: true)
        try Data("alpha".utf8).write(to: folder.appendingPathComponent("p/a.json"))
        try Data("#!/bin/sh\n".utf8).write(to: folder.appendingPathComponent("p/deep/run.sh"))
        try manager.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: folder.appendingPathComponent("p/deep/run.sh").path)
        for (link, target) in [
            ("links/file", "../p/a.json"), ("links/folder", "../p/deep"), ("links/out", "../../outside"),
            ("links/absolute", "/etc"), ("links/loop", "loop"),
        ] {
            try manager.createSymbolicLink(
                atPath: folder.appendingPathComponent(link).path, withDestinationPath: target)
        }
        try ReviewCommandTests.commitEverything(in: folder)
        return folder
    }

    /// An empty folder for a snapshot, in a scratch folder.
    static func emptyRoot() throws -> URL {
        let root = try TestPaths.temporaryFolder().appendingPathComponent("tree")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: false)
        return root
    }

    /// Writes the snapshot of `repository`'s HEAD under `paths` into `root`.
    static func snapshot(
        _ repository: URL, paths: [String], into root: URL, limits: CommitSnapshot.Limits = .init()
    ) throws -> CommitSnapshot {
        let git = ContainedGit(scratch: root.deletingLastPathComponent(), directory: repository)
        return try CommitSnapshot(commit: "HEAD", named: "HEAD", paths: paths, into: root, git: git, limits: limits)
    }

    @Test func theFilesAndTheLinksThatStayInAreWritten() throws {
        let repository = try Self.repository()
        let root = try Self.emptyRoot()
        let snapshot = try Self.snapshot(repository, paths: [""], into: root)
        let manager = FileManager.default
        #expect(try Data(contentsOf: root.appendingPathComponent("p/a.json")) == Data("alpha".utf8))
        let permissions = { (path: String) in
            (try manager.attributesOfItem(atPath: root.appendingPathComponent(path).path)[.posixPermissions] as? Int)
        }
        #expect(try permissions("p/a.json") == 0o600)
        #expect(try permissions("p/deep/run.sh") == 0o700)
        #expect(try permissions("p") == 0o700)
        #expect(
            try manager.destinationOfSymbolicLink(atPath: root.appendingPathComponent("links/file").path)
                == "../p/a.json")
        #expect(
            try manager.destinationOfSymbolicLink(atPath: root.appendingPathComponent("links/folder").path)
                == "../p/deep")
        #expect(try Data(contentsOf: root.appendingPathComponent("links/file")) == Data("alpha".utf8))
        #expect(snapshot.linksLeftOut.sorted() == ["links/absolute", "links/loop", "links/out"])
        #expect(
            try manager.contentsOfDirectory(atPath: root.appendingPathComponent("links").path).sorted() == [
                "file", "folder",
            ])

        // Under one path only, a link to a place outside it is left out.
        let onlyRoot = try Self.emptyRoot()
        let only = try Self.snapshot(repository, paths: ["links"], into: onlyRoot)
        #expect(only.linksLeftOut.count == 5)
        #expect(try manager.contentsOfDirectory(atPath: onlyRoot.path) == ["links"])
        #expect(try manager.contentsOfDirectory(atPath: onlyRoot.appendingPathComponent("links").path).isEmpty)
    }

    @Test func aCommitOverTheLimitsIsRefusedBeforeAnyFileIsWritten() throws {
        let repository = try Self.repository()
        for (limits, reason) in [
            (CommitSnapshot.Limits(files: 3, bytes: 1 << 20), "more than 3 files"),
            (
                CommitSnapshot.Limits(files: 100, bytes: 10),
                "are 56 bytes (files and links), over the limit of 10 bytes: review fewer paths"
            ),
        ] {
            let root = try Self.emptyRoot()
            do {
                _ = try Self.snapshot(repository, paths: [""], into: root, limits: limits)
                Issue.record("no failure for \(limits)")
            } catch let failure as ContainedGit.Failure {
                #expect(failure.reason.contains(reason), "\(failure.reason)")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
        }
    }
}
