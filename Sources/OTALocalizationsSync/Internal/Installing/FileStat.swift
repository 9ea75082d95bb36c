import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `lstat(2)` says of a path, as far as a change to the file shows in it: device and inode (a replaced file has
/// another), type and permissions, size, and the modification and status-change times to the nanosecond. Any write
/// moves the change time (POSIX.1-2017, "File Times Update"), which no call can set back, so equal values mean the
/// file was not written since, short of the system clock being set back.
struct FileStat: Sendable, Equatable {
    var device: UInt64
    var inode: UInt64
    var mode: UInt32
    var size: Int64
    var modified: Int64
    var modifiedNanoseconds: Int64
    var changed: Int64
    var changedNanoseconds: Int64

    /// `lstat` of `path` (a final symbolic link is not followed), or nil when it fails.
    init?(path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    /// `fstatat(2)` of `relativePath` below the open directory `directory` (`AT_SYMLINK_NOFOLLOW`, as `lstat`): a
    /// short path walk instead of the whole absolute path. Nil when it fails.
    init?(directory: Int32, relativePath: String) {
        var status = stat()
        guard fstatat(directory, relativePath, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        self.init(status)
    }

    /// `fstat(2)` of the open file `descriptor`, or nil when it fails.
    init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(status)
    }

    private init(_ status: stat) {
        device = Self.deviceNumber(status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
        mode = UInt32(status.st_mode)
        size = Int64(status.st_size)
        #if canImport(Darwin)
        (modified, modifiedNanoseconds) = (Int64(status.st_mtimespec.tv_sec), Int64(status.st_mtimespec.tv_nsec))
        (changed, changedNanoseconds) = (Int64(status.st_ctimespec.tv_sec), Int64(status.st_ctimespec.tv_nsec))
        #else
        (modified, modifiedNanoseconds) = (Int64(status.st_mtim.tv_sec), Int64(status.st_mtim.tv_nsec))
        (changed, changedNanoseconds) = (Int64(status.st_ctim.tv_sec), Int64(status.st_ctim.tv_nsec))
        #endif
    }

    /// A `dev_t` as 64 bits, its bit pattern kept: Darwin's `dev_t` is a signed 32-bit integer (`sys/_types.h`), and
    /// a negative one (a device number with its top bit set) would trap a plain conversion to `UInt64`.
    static func deviceNumber<Device: BinaryInteger>(_ value: Device) -> UInt64 {
        UInt64(truncatingIfNeeded: value)
    }

    /// Whether both name the same file (device and inode), whatever has been written to it since.
    func isSameFile(as other: FileStat) -> Bool {
        device == other.device && inode == other.inode
    }
}
