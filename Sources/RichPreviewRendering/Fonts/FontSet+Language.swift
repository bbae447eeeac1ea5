extension FontSet {
    /// The set with Noto Sans CJK in the face of `language` (a BCP 47 or Apple language tag, see
    /// `CJKFace.init(language:)`): Japanese for `ja`, Korean for `ko`, Traditional Chinese for
    /// `zh-Hant`, `zh-TW` and `zh-HK`, Simplified Chinese for every other language and for nil.
    /// The other fonts, and the faces already opened, are shared with this set.
    public func forLanguage(_ language: String?) -> FontSet {
        withCJKFace(language.flatMap(CJKFace.init(language:)) ?? .standard)
    }

    /// The set with Noto Sans CJK in `face`; itself when it has that face already or has no Noto
    /// Sans CJK. Sets made once are kept, so asking again opens nothing.
    public func withCJKFace(_ face: CJKFace) -> FontSet {
        let variant = library.withCJKFace(face)
        guard variant !== library else { return self }
        let replaced = library.members.first { $0.family.cjkFace != nil }?.family.name
        let sources = sources.map { source in
            guard source.family == replaced else { return source }
            return FontSource(
                family: face.familyName,
                files: source.files.mapValues { FontFile(path: $0.path, faceIndex: face.faceIndex) },
                isEmoji: source.isEmoji)
        }
        return FontSet(library: variant, sources: sources, symbolSlot: symbolSlot)
    }
}

extension FontLibrary {
    /// This library with the chain's Noto Sans CJK member in `face`: itself when the member is in
    /// that face already or missing; else made once and kept.
    func withCJKFace(_ face: CJKFace) -> FontLibrary {
        guard let index = members.firstIndex(where: { $0.family.cjkFace != nil }),
            members[index].family.cjkFace != face
        else { return self }
        return cjkVariants.withLock { variants in
            if let made = variants[face] { return made }
            var member = members[index]
            member.family = .notoSansCJK(face)
            var slotsByFile: [FontFile: FontSlot] = [:]
            member.slots = member.slots.mapValues { slot in
                let file = FontFile(path: slot.file.path, faceIndex: face.faceIndex)
                if let made = slotsByFile[file] { return made }
                let made = FontSlot(file: file, family: face.familyName, shapesLiterally: slot.shapesLiterally)
                slotsByFile[file] = made
                return made
            }
            var changed = members
            changed[index] = member
            let made = FontLibrary(members: changed, folders: folders)
            variants[face] = made
            return made
        }
    }
}
