#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `stat`/`lstat`/`fstat` say about a file: identity, kind, permissions and owner.
struct FileStatus: Equatable {
  /// The kinds of file system objects an output can meet.
  enum Kind: Equatable {
    case regular, directory, symbolicLink, fifo, characterDevice, blockDevice, socket, other

    /// How an error message names the kind.
    var name: String {
      switch self {
      case .regular: "a regular file"
      case .directory: "a folder"
      case .symbolicLink: "a symbolic link"
      case .fifo: "a FIFO (named pipe)"
      case .characterDevice: "a character device"
      case .blockDevice: "a block device"
      case .socket: "a socket"
      case .other: "not a regular file"
      }
    }
  }

  var device: UInt
  var inode: UInt
  var kind: Kind
  /// The permission bits (`st_mode & 0o7777`).
  var permissions: mode_t
  var owner: uid_t
  var group: gid_t

  init(_ info: stat) {
    device = UInt(info.st_dev)
    inode = UInt(info.st_ino)
    permissions = info.st_mode & 0o7777
    owner = info.st_uid
    group = info.st_gid
    kind =
      switch info.st_mode & S_IFMT {
      case S_IFREG: .regular
      case S_IFDIR: .directory
      case S_IFLNK: .symbolicLink
      case S_IFIFO: .fifo
      case S_IFCHR: .characterDevice
      case S_IFBLK: .blockDevice
      case S_IFSOCK: .socket
      default: .other
      }
  }

  /// Whether both describe the same file (device and inode).
  func isSameFile(as other: FileStatus) -> Bool {
    device == other.device && inode == other.inode
  }
}
