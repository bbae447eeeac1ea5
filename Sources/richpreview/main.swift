import Foundation
import RichPreviewCLI

exit(RichPreviewTool.run(Array(CommandLine.arguments.dropFirst()), console: .standard()).rawValue)
