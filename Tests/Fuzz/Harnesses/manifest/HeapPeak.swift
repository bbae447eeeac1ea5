import Foundation

/// The most heap a call holds at once beyond what was in use when it started, counted through
/// AddressSanitizer's allocation hooks (`__sanitizer_install_malloc_and_free_hooks`), which the
/// fuzz build always has. Counts every thread's allocations, so the fuzzer's own, which are small
/// and few, are included.
enum HeapPeak {
    private typealias MallocHook = @convention(c) (UnsafeRawPointer?, Int) -> Void
    private typealias FreeHook = @convention(c) (UnsafeRawPointer?) -> Void
    private typealias Install = @convention(c) (MallocHook?, FreeHook?) -> Int32
    private typealias AllocatedSize = @convention(c) (UnsafeRawPointer?) -> Int

    nonisolated(unsafe) private static var current = 0
    nonisolated(unsafe) private static var highest = 0
    nonisolated(unsafe) private static var counting = false
    nonisolated(unsafe) private static var allocatedSize: AllocatedSize?

    private static let installed: Bool = {
        guard let install = dlsym(nil, "__sanitizer_install_malloc_and_free_hooks"),
            let size = dlsym(nil, "__sanitizer_get_allocated_size")
        else { return false }
        allocatedSize = unsafeBitCast(size, to: AllocatedSize.self)
        let onMalloc: MallocHook = { _, bytes in
            guard HeapPeak.counting else { return }
            HeapPeak.current += bytes
            if HeapPeak.current > HeapPeak.highest { HeapPeak.highest = HeapPeak.current }
        }
        let onFree: FreeHook = { pointer in
            guard HeapPeak.counting, let pointer, let size = HeapPeak.allocatedSize else { return }
            HeapPeak.current -= size(pointer)
        }
        return unsafeBitCast(install, to: Install.self)(onMalloc, onFree) != 0
    }()

    /// The bytes a parse of `count` input bytes may hold at its peak.
    static func bound(for count: Int) -> Int { 8 * count + 1 << 20 }

    /// `body`'s result and its peak heap use in bytes (nil without the sanitizer's hooks).
    static func measure<Value>(_ body: () -> Value) -> (value: Value, peak: Int?) {
        guard installed else { return (body(), nil) }
        current = 0
        highest = 0
        counting = true
        let value = body()
        counting = false
        return (value, highest)
    }
}
