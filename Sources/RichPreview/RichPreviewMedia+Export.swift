// The shared geometry, image buffer, formats and file I/O are part of this module's API.
@_exported import RichPreviewMedia
