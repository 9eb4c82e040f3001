import Foundation
import RoutecTestSupport
import Testing

@testable import RoutecCore
@testable import routec

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every read and write routec does says in words what is wrong with the file, exit 2. The
/// tests run as root, so permission problems are checked on the mapping alone.
@Suite("routec: file errors in words")
struct FileErrorTests {
  static func expectUsageError(
    _ result: RoutecResult, _ message: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    #expect(result.status == 2, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stdout == "", sourceLocation: sourceLocation)
    #expect(
      result.stderrLines == ["routec: error: \(message)"], sourceLocation: sourceLocation)
  }

  static func folder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("valid.routes.yaml", fixture("valid.routes.yaml"))
    try folder.write("file.txt", "not a folder\n")
    try folder.makeFolder("out")
    return folder
  }

  @Test func generateIntoAFolder() throws {
    let folder = try Self.folder()
    let result = try RoutecRunner.run(
      ["generate", "valid.routes.yaml", "--output", "out"], in: folder.url)
    Self.expectUsageError(result, "cannot write out: it is a folder")
  }

  @Test func generateUnderARegularFile() throws {
    let folder = try Self.folder()
    let result = try RoutecRunner.run(
      ["generate", "valid.routes.yaml", "--output", "file.txt/out.swift"], in: folder.url)
    Self.expectUsageError(
      result, "cannot write file.txt/out.swift: a part of its path is not a folder")
    #expect(
      try String(contentsOf: folder.url.appendingPathComponent("file.txt"), encoding: .utf8)
        == "not a folder\n")
  }

  @Test func generateIntoAMissingFolder() throws {
    let folder = try Self.folder()
    let result = try RoutecRunner.run(
      ["generate", "valid.routes.yaml", "--output", "missing/Generated.swift"], in: folder.url)
    Self.expectUsageError(result, "cannot write missing/Generated.swift: its folder does not exist")
  }

  @Test func generateLeavesNoTemporaryFileBehind() throws {
    let folder = try Self.folder()
    let result = try RoutecRunner.run(
      ["generate", "valid.routes.yaml", "--output", "out/Generated.swift"], in: folder.url)
    #expect(result.status == 0, "\(result)")
    let files = try FileManager.default.contentsOfDirectory(
      atPath: folder.url.appendingPathComponent("out").path)
    #expect(files == ["Generated.swift"])
    let written = try #require(
      try FileManager.default.attributesOfItem(
        atPath: folder.url.appendingPathComponent("out/Generated.swift").path)[.posixPermissions]
        as? Int)
    // A new file's permissions, as any tool creates it: the umask decides, not 0600.
    let mask = umask(0)
    umask(mask)
    #expect(written == 0o666 & ~Int(mask))
  }

  /// Every command writes through one writer that never renames over what is not a regular
  /// file: `/dev/null` stays a device (the tests run as root, where a rename would replace it),
  /// a symbolic link stays a link and its file is replaced, a FIFO without a reader is an error
  /// at once.
  @Test(arguments: [
    ["plist", "valid.routes.yaml", "-o", "OUT"],
    ["entitlements", "valid.routes.yaml", "-o", "OUT"],
    ["generate", "valid.routes.yaml", "--output", "OUT"],
  ])
  func writersNeverReplaceWhatIsNotARegularFile(arguments: [String]) throws {
    let folder = try Self.folder()
    func run(_ out: String) throws -> RoutecResult {
      try RoutecRunner.run(arguments.map { $0 == "OUT" ? out : $0 }, in: folder.url)
    }
    let devNull = try run("/dev/null")
    #expect(devNull.status == 0, "\(devNull)")
    var status = stat()
    #expect(stat("/dev/null", &status) == 0)
    #expect(status.st_mode & S_IFMT == S_IFCHR)

    try folder.write("target.txt", "old\n")
    try FileManager.default.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("link").path, withDestinationPath: "target.txt")
    let linked = try run("link")
    #expect(linked.status == 0, "\(linked)")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(
        atPath: folder.url.appendingPathComponent("link").path) == "target.txt")
    #expect(
      try String(contentsOf: folder.url.appendingPathComponent("target.txt"), encoding: .utf8)
        != "old\n")

    #expect(mkfifo(folder.url.appendingPathComponent("fifo").path, 0o644) == 0)
    Self.expectUsageError(
      try run("fifo"), "cannot write fifo: it is a FIFO (a named pipe) that nothing reads")
    #expect(lstat(folder.url.appendingPathComponent("fifo").path, &status) == 0)
    #expect(status.st_mode & S_IFMT == S_IFIFO)

    try FileManager.default.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("dangling").path, withDestinationPath: "nowhere")
    Self.expectUsageError(
      try run("dangling"), "cannot write dangling: it is a symbolic link to nothing")
  }

  /// The kit's folder is made with the system's own errors in words.
  @Test func examplesIntoAFolderThatCannotBeMade() throws {
    let folder = try Self.folder()
    try FileManager.default.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("loop").path, withDestinationPath: "loop")
    Self.expectUsageError(
      try RoutecRunner.run(
        ["examples", "valid.routes.yaml", "--output", "file.txt/sub"], in: folder.url),
      "cannot create the folder file.txt/sub: a part of its path is not a folder")
    Self.expectUsageError(
      try RoutecRunner.run(
        ["examples", "valid.routes.yaml", "--output", "loop/x"], in: folder.url),
      "cannot create the folder loop/x: too many levels of symbolic links")
  }

  /// A userInfo's errors say userInfo, and the parser's words are cut to a line: a number of
  /// 5,000 digits is not echoed whole.
  @Test func jsonErrorsNameWhatTheyAreAndStayShort() throws {
    let folder = try Self.folder()
    let userInfo = try RoutecRunner.run(
      ["resolve", "valid.routes.yaml", "--shortcut", "x", "--user-info", "[1"], in: folder.url)
    #expect(userInfo.status == 2, "\(userInfo)")
    #expect(
      userInfo.stderrLines.first
        == "routec: error: the userInfo is not valid JSON at byte 3: the array is not closed")
    let digits = String(repeating: "7", count: 5000)
    let number = try RoutecRunner.run(
      ["resolve", "valid.routes.yaml", "--payload", "{\"a\": \(digits)}"], in: folder.url)
    #expect(number.status == 2, "\(number)")
    #expect(number.stderr.count < 400, "\(number.stderr.count) characters")
  }

  @Test func aPayloadFileThatIsAFolder() throws {
    let folder = try Self.folder()
    try folder.makeFolder("p.json")
    let result = try RoutecRunner.run(
      ["resolve", "valid.routes.yaml", "--payload-file", "p.json"], in: folder.url)
    Self.expectUsageError(result, "cannot read the payload file p.json: it is a folder")
  }

  /// A payload file is read up to its limit and no further: a sparse file of 4 GiB costs
  /// nothing to make and everything to read whole.
  @Test func aPayloadFileBeyondItsLimit() throws {
    let folder = try Self.folder()
    let sparse = folder.url.appendingPathComponent("huge.json")
    #expect(FileManager.default.createFile(atPath: sparse.path, contents: nil))
    let handle = try FileHandle(forWritingTo: sparse)
    try handle.truncate(atOffset: 4 << 30)
    try handle.close()
    let result = try RoutecRunner.run(
      ["resolve", "valid.routes.yaml", "--payload-file", "huge.json"], in: folder.url)
    Self.expectUsageError(
      result,
      "the payload file huge.json is larger than 1 MiB, the limit for a payload file (APNs delivers at most 4 KB); is it the right file?"
    )
    // At the limit, the file is read and parsed as JSON.
    try folder.write(
      "big.json", "{\"type\": \"home\"}" + String(repeating: " ", count: (1 << 20) - 16))
    let atLimit = try RoutecRunner.run(
      ["resolve", "valid.routes.yaml", "--payload-file", "big.json"], in: folder.url)
    #expect(atLimit.status == 0, "\(atLimit)")
  }

  /// Only regular files are read: a device that never ends (`/dev/zero`), a FIFO with no
  /// writer (which would block the open itself), or a symbolic link to either is one error
  /// naming it, at once, for every command and every kind of file a command reads.
  @Test(arguments: [
    (["lint", "DEVICE"], "cannot read DEVICE"),
    (["lint", "tree"], "cannot read DEVICE"),
    (["resolve", "DEVICE", "--payload", "{}"], "cannot read DEVICE"),
    (["schema", "--payloads", "DEVICE"], "cannot read DEVICE"),
    (["graph", "DEVICE"], "cannot read DEVICE"),
    (["aasa", "DEVICE", "--app-id", "ABCDE12345.com.example.shop"], "cannot read DEVICE"),
    (["diff", "DEVICE", "valid.routes.yaml"], "cannot read DEVICE"),
    (["generate", "DEVICE", "--output", "out/G.swift"], "cannot read DEVICE"),
    (["lint", "valid.routes.yaml", "--feature", "DEVICE"], "cannot read DEVICE"),
    (
      ["resolve", "valid.routes.yaml", "--payload-file", "DEVICE"],
      "cannot read the payload file DEVICE"
    ),
  ])
  func aFileThatIsNotARegularFile(arguments: [String], message: String) throws {
    let folder = try Self.folder()
    try folder.makeFolder("tree")
    let fifo = folder.url.appendingPathComponent("fifo.routes.yaml").path
    #expect(mkfifo(fifo, 0o644) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("tree/stdin.routes.yaml").path,
      withDestinationPath: "/dev/zero")
    let cases = [
      ("/dev/zero", "a character device"), ("fifo.routes.yaml", "a FIFO (a named pipe)"),
    ]
    for (device, kind) in cases where arguments != ["lint", "tree"] || device == "/dev/zero" {
      let given = arguments.map { $0 == "DEVICE" ? device : $0 }
      let path = arguments == ["lint", "tree"] ? "tree/stdin.routes.yaml" : device
      let result = try RoutecRunner.run(given, in: folder.url)
      Self.expectUsageError(
        result,
        message.replacingOccurrences(of: "DEVICE", with: path)
          + ": it is \(kind), not a regular file")
    }
  }

  /// `--feature` names feature manifests: a manifest that is not one, or a folder that holds
  /// none, is an error rather than a feature that goes missing without a word.
  @Test func aFeatureThatIsNotAFeatureManifest() throws {
    let folder = try Self.folder()
    try folder.write("standalone/valid.routes.yaml", fixture("valid.routes.yaml"))
    try folder.makeFolder("empty")
    for (path, message) in [
      (
        "valid.routes.yaml",
        "--feature valid.routes.yaml is not a feature manifest: it has no `feature:` key"
      ),
      (
        "standalone",
        "--feature standalone holds no feature manifest (one with a `feature:` key)"
      ),
      ("empty", "no *.routes.yaml or *.routes.yml files under empty"),
      ("/dev/null", "cannot read /dev/null: it is a character device, not a regular file"),
    ] {
      let result = try RoutecRunner.run(
        ["lint", "valid.routes.yaml", "--feature", path], in: folder.url)
      Self.expectUsageError(result, message)
    }
  }

  /// A folder search stays in the folder: a symbolic link to a folder (here `/`) is not walked.
  @Test func aFolderSearchDoesNotFollowLinksToFolders() throws {
    let folder = try TemporaryFolder()
    try folder.write("tree/sub/a.routes.yaml", fixture("valid.routes.yaml"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("tree/root").path, withDestinationPath: "/")
    try folder.write("outside/b.routes.yaml", fixture("errors.routes.yaml"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("tree/outside").path,
      withDestinationPath: "../outside")
    let result = try RoutecRunner.run(["lint", "tree"], in: folder.url)
    #expect(result.status == 0, "\(result)")
    #expect(result.stderrLines == ["routec lint: 1 manifest checked, no problems"])
    // Given explicitly, a linked folder is searched.
    let linked = try RoutecRunner.run(["lint", "tree/outside"], in: folder.url)
    #expect(linked.status == 1, "\(linked)")
  }

  @Test func aMissingPayloadFile() throws {
    let folder = try Self.folder()
    let result = try RoutecRunner.run(
      ["resolve", "valid.routes.yaml", "--payload-file", "p.json"], in: folder.url)
    Self.expectUsageError(result, "cannot read the payload file p.json: no such file")
  }

  @Test(arguments: [
    ["resolve", "file.txt/m.routes.yaml", "--payload", "{}"],
    ["graph", "file.txt/m.routes.yaml"],
    ["schema", "--payloads", "file.txt/m.routes.yaml"],
    ["generate", "file.txt/m.routes.yaml", "--output", "Generated.swift"],
    ["diff", "file.txt/m.routes.yaml", "valid.routes.yaml"],
    ["diff", "valid.routes.yaml", "file.txt/m.routes.yaml"],
  ])
  func aManifestUnderARegularFile(arguments: [String]) throws {
    let folder = try Self.folder()
    let result = try RoutecRunner.run(arguments, in: folder.url)
    Self.expectUsageError(
      result, "cannot read file.txt/m.routes.yaml: a part of its path is not a folder")
  }

  // MARK: The mapping, for what cannot be produced as root

  @Test(arguments: [
    (ENOENT, false, "no such file"),
    (ENOENT, true, "its folder does not exist"),
    (EISDIR, false, "it is a folder"),
    (ENOTDIR, false, "a part of its path is not a folder"),
    (EACCES, false, "permission denied"),
    (EPERM, false, "permission denied"),
    (EROFS, false, "the file system is read-only"),
    (ENOSPC, false, "no space left on the device"),
    (ENAMETOOLONG, false, "the name is too long"),
    (ELOOP, false, "too many levels of symbolic links"),
  ])
  func systemErrorsInWords(code: Int32, inFolder: Bool, reason: String) {
    #expect(FileProblem(code: code, inFolder: inFolder).reason == reason)
  }

  /// Foundation reports file errors as Cocoa errors (`NSCocoaErrorDomain error 512`) with the
  /// system error underneath; the words come from the system error.
  @Test func foundationErrorsAreReadThroughTheirSystemError() {
    let underlying = NSError(domain: NSPOSIXErrorDomain, code: Int(EACCES))
    let cocoa = NSError(
      domain: NSCocoaErrorDomain, code: 512, userInfo: [NSUnderlyingErrorKey: underlying])
    #expect(FileProblem.reason(cocoa) == "permission denied")
    #expect(FileProblem.reason(POSIXError(.EISDIR)) == "it is a folder")
    #expect(FileProblem.reason(FileProblem(code: ENOSPC)) == "no space left on the device")
  }

  @Test func aFileLargerThanTheLimitIsReadOnlyToTheLimit() throws {
    let folder = try Self.folder()
    let path = folder.url.appendingPathComponent("big").path
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    #expect(truncate(path, 50 << 20) == 0)
    #expect(try FileIO.contents(of: path, atMost: 1000).count == 1000)
    #expect(
      try FileIO.contents(of: folder.url.appendingPathComponent("file.txt").path, atMost: 100).count
        == 13)
  }
}
