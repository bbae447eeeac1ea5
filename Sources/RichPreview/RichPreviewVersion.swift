/// The version of the library and the `richpreview` tool.
public enum RichPreviewVersion {
    public static let current = "0.1.0"
}
