// The shared geometry, image buffer and formats are part of this module's API; the system layer
// (inputs within limits, atomic writes) is the package's own.
@_exported import RichPreviewMedia
@_exported import RichPreviewSystem
