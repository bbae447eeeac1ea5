// swift-format-ignore-file
import UIKit

/// A control of the app's own with a `setActions` method: not iOS 8's category API.
final class Toolbar: UIView {
    func setActions(_ titles: [String]) {}
}

func configure(_ toolbar: Toolbar) {
    toolbar.setActions(["one", "two", "three", "four", "five"])
}
