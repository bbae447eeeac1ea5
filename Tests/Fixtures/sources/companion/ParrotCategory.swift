// swift-format-ignore-file
// Written for richpreview: the enum half of a category defined across two files.
public enum ParrotCategory: String {
    case
    partyRequest = "com.example.parrot.partyrequest"
}
