/// Every rule richpreview checks, one file each under `Rules/`, grouped by the part of a project it
/// looks at. A rule holds its id, its severity, its description and the messages of its findings;
/// the readers (plists, manifests, payloads) call them where they find the problem, and `lint`
/// runs the rules that compare files with each other.
public enum Rules {
    /// Every rule, grouped by area (project, plist, categories, payload, attachment, response,
    /// delivery): the order of the README's rule table and of `lint --list-rules`.
    public static let all: [RuleDescriptor] = {
        let order: [RuleDescriptor.Area] = [.project, .plist, .categories, .payload, .attachment, .response, .delivery]
        return declared.enumerated().sorted {
            (order.firstIndex(of: $0.element.area) ?? 0, $0.offset) < (
                order.firstIndex(of: $1.element.area) ?? 0, $1.offset
            )
        }.map(\.element)
    }()

    /// Every rule, in the order their files were added.
    private static let declared: [RuleDescriptor] = [
        PlistUnreadable.descriptor,
        ExtensionPointUnknown.descriptor,
        StoryboardAndClass.descriptor,
        CategoryMissing.descriptor,
        CategoryInvalid.descriptor,
        CategoryDuplicate.descriptor,
        CategoryClaimedTwice.descriptor,
        SizeRatioInvalid.descriptor,
        BoolAsString.descriptor,
        AttributesMisplaced.descriptor,
        UnknownAttribute.descriptor,
        BuildVariableUnresolved.descriptor,
        PlistValueInvalid.descriptor,
        ManifestUnreadable.descriptor,
        ManifestInvalid.descriptor,
        IdentifierEmpty.descriptor,
        CategoryRegisteredTwice.descriptor,
        ActionDuplicate.descriptor,
        TooManyActions.descriptor,
        CategoryUnregistered.descriptor,
        ActionUnknown.descriptor,
        ActionNotShown.descriptor,
        DismissActionUnreachable.descriptor,
        TextInputMismatch.descriptor,
        PayloadUnreadable.descriptor,
        PayloadTooLarge.descriptor,
        ApsMissing.descriptor,
        ApsType.descriptor,
        ApsUnknownKey.descriptor,
        AlertUnknownKey.descriptor,
        CustomKeyInAps.descriptor,
        ApsKeyOutsideAps.descriptor,
        SilentWithAlert.descriptor,
        MutableContentNoAlert.descriptor,
        AlertTitleWithoutBody.descriptor,
        LocArgsWithoutKey.descriptor,
        PushTypeMismatch.descriptor,
        NotificationIdInvalid.descriptor,
        NotAuthorized.descriptor,
        AttachmentUrlInvalid.descriptor,
        AttachmentInsecureUrl.descriptor,
        AttachmentTypeUnsupported.descriptor,
        AttachmentTypeUndocumented.descriptor,
        AttachmentTooLarge.descriptor,
        AttachmentTypeMismatch.descriptor,
        AttachmentMissing.descriptor,
        AttachmentCorrupt.descriptor,
        AttachmentThumbnailInvalid.descriptor,
        PathUnreadable.descriptor,
        CategoryNotRegistered.descriptor,
        AssignedCategoryUnknown.descriptor,
        ForegroundAuthIgnored.descriptor,
        JsonDuplicateKey.descriptor,
        ApsEmpty.descriptor,
        PayloadCategoryUnknown.descriptor,
        PayloadCategoryNoExtension.descriptor,
        MutableContentMissing.descriptor,
        MutableContentNoServiceExtension.descriptor,
        BackgroundModeMissing.descriptor,
        SourceUnresolved.descriptor,
    ]

    /// The rule with this id.
    public static func descriptor(id: String) -> RuleDescriptor? {
        all.first { $0.id == id }
    }
}
