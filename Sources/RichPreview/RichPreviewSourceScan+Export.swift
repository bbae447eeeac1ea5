// The source scanner's facts (CodeLocation, ScannedCategory, SourceScan, …) are part of this
// module's API, as they were before the scanner had a module of its own.
@_exported import RichPreviewSourceScan
