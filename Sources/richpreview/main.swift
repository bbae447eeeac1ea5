import Foundation
import RichPreviewCLI

exit(RichPreviewTool.main(Array(CommandLine.arguments.dropFirst())).rawValue)
