"""Seventh held-out set: a long English session whose only point is the work and its recap (q28)."""


def register(session):
    @session("q28-long-parallel-hashing-thread-pool", "fenlark", "2026-11-05T19:00:00", ["session_summary"],
             ("decision", "tech_debt"))
    def _(s):
        s.user("ok big one today. scan of 80k photos take 40 minutes because we hash one file after another. i want parallel "
               "hashing with std.Thread.Pool, the sqlite writes must stay on one thread (sqlite handle not shared). lets go")
        s.work([
            ("read", "src/main.zig", "pub fn main() !void {\n    var gpa = std.heap.GeneralPurposeAllocator(.{}){};\n    ...\n    try scan.run(alloc, opts);\n}"),
            ("read", "src/scan.zig", "pub fn run(alloc: Allocator, opts: Options) !void {\n    var it = try walker.walk(alloc, opts.root);\n"
             "    while (try it.next()) |entry| {\n        const digest = try hasher.hashFile(entry.path);\n        try index.upsert(entry.path, entry.size, entry.mtime, digest);\n    }\n}"),
            ("read", "src/index.zig", "pub fn upsert(path: []const u8, size: u64, mtime: i128, digest: [32]u8) !void {\n    // prepared stmt, one sqlite3* for the process\n    ..."),
            ("grep", "sqlite3_open", "src/index.zig:30:    if (c.sqlite3_open_v2(path, &db, c.SQLITE_OPEN_READWRITE | c.SQLITE_OPEN_CREATE | c.SQLITE_OPEN_NOMUTEX, null) != c.SQLITE_OK)"),
            ("bash", "zig build -Doptimize=ReleaseFast && time ./zig-out/bin/fenlark scan ~/bench/photos-5k", "scanned 5000 files (21.3 GB)\n\nreal\t2m31.884s\nuser\t0m49.120s\nsys\t0m21.402s",
             "Baseline on the 5k sample first, so we can compare."),
            ("write", "src/pipeline.zig", "//! Hash files on a thread pool; results go through a queue to the single writer thread.\n"
             "const Result = struct { path: []const u8, size: u64, mtime: i128, digest: [32]u8 };\n\npub const Queue = struct {\n"
             "    mutex: std.Thread.Mutex = .{},\n    cond: std.Thread.Condition = .{},\n    items: std.ArrayList(Result),\n    done: bool = false,\n    ...\n};\n"),
            ("edit", "src/scan.zig", "    while (try it.next()) |entry| {\n        const digest = try hasher.hashFile(entry.path);\n        try index.upsert(entry.path, entry.size, entry.mtime, digest);\n    }",
             "    var pool: std.Thread.Pool = undefined;\n    try pool.init(.{ .allocator = alloc, .n_jobs = opts.jobs });\n    defer pool.deinit();\n"
             "    var wg: std.Thread.WaitGroup = .{};\n    while (try it.next()) |entry| {\n        pool.spawnWg(&wg, pipeline.hashOne, .{ &queue, entry });\n    }\n"
             "    pool.waitAndWork(&wg);\n    queue.close();"),
            ("bash", "zig build", "src/scan.zig:31:38: error: expected type 'walker.Entry', found '*const walker.Entry'\n        pool.spawnWg(&wg, pipeline.hashOne, .{ &queue, entry });\n                                     ^~~~~", None, True),
            ("edit", "src/pipeline.zig", "pub fn hashOne(q: *Queue, entry: *const walker.Entry) void {", "pub fn hashOne(q: *Queue, entry: walker.Entry) void {"),
            ("bash", "zig build", "", "Builds now. The walker reuses its path buffer, though, so the entry's path must be copied before it goes to another thread."),
            ("read", "src/walker.zig", "pub const Entry = struct {\n    path: []const u8, // points into Walker.path_buf, valid until next()\n    size: u64,\n    mtime: i128,\n};"),
            ("edit", "src/scan.zig", "        pool.spawnWg(&wg, pipeline.hashOne, .{ &queue, entry });",
             "        var owned = entry;\n        owned.path = try alloc.dupe(u8, entry.path);\n        pool.spawnWg(&wg, pipeline.hashOne, .{ &queue, owned });"),
            ("write", "src/writer_thread.zig", "pub fn run(q: *pipeline.Queue, alloc: Allocator) !void {\n    try index.begin();\n    var n: usize = 0;\n"
             "    while (q.pop()) |r| {\n        try index.upsert(r.path, r.size, r.mtime, r.digest);\n        alloc.free(r.path);\n        n += 1;\n"
             "        if (n % 1000 == 0) { try index.commit(); try index.begin(); }\n    }\n    try index.commit();\n}\n"),
            ("edit", "src/scan.zig", "    var pool: std.Thread.Pool = undefined;", "    const writer = try std.Thread.spawn(.{}, writer_thread.run, .{ &queue, alloc });\n    defer writer.join();\n    var pool: std.Thread.Pool = undefined;"),
            ("bash", "zig build test", "Test [12/41] test.queue close wakes waiting pop... FAIL (TestUnexpectedResult)\n0 passed; 1 failed.", None, True),
            ("read", "src/pipeline.zig", "    pub fn close(self: *Queue) void {\n        self.mutex.lock();\n        defer self.mutex.unlock();\n        self.done = true;\n        self.cond.signal();\n    }"),
            ("edit", "src/pipeline.zig", "        self.done = true;\n        self.cond.signal();", "        self.done = true;\n        self.cond.broadcast();"),
            ("bash", "zig build test", "All 41 tests passed."),
            ("edit", "src/main.zig", "    .root = undefined,", "    .root = undefined,\n    .jobs = std.Thread.getCpuCount() catch 4,"),
            ("edit", "src/cli.zig", "    \\\\  --rebuild     re-hash everything", "    \\\\  --rebuild     re-hash everything\n    \\\\  -j, --jobs N  hashing threads (default: CPU count)"),
            ("bash", "zig build -Doptimize=ReleaseFast && time ./zig-out/bin/fenlark scan ~/bench/photos-5k --rebuild", "scanned 5000 files (21.3 GB)\n\nreal\t0m44.207s\nuser\t1m58.330s\nsys\t0m25.118s"),
            ("bash", "sqlite3 ~/.fenlark/index.db 'select count(*), count(distinct digest) from files'", "5000|4711"),
            ("bash", "git stash && zig build -Doptimize=ReleaseFast && ./zig-out/bin/fenlark scan ~/bench/photos-5k --rebuild --db /tmp/old.db && git stash pop && "
             "sqlite3 /tmp/old.db 'select count(*), count(distinct digest) from files'", "scanned 5000 files (21.3 GB)\n5000|4711", "Checking the index matches the sequential version's."),
            ("bash", "zig build -Doptimize=ReleaseSafe -Dtarget=aarch64-linux-musl && echo ok", "ok"),
        ])
        s.say("Parallel hashing works. On the 5k sample: **2m32s -> 44s** (4 cores). The index is identical to the sequential "
              "version's (5000 rows, 4711 distinct digests in both).")
        s.user("wow nice. write me short summary for the CHANGELOG / release post, what changed and anything open")
        s.say("**Parallel hashing (fenlark 0.6)**\n\n- Files are hashed on a `std.Thread.Pool` (`-j/--jobs`, default = CPU count); "
              "SQLite writes stay on one dedicated writer thread fed by a queue (`src/pipeline.zig`, `src/writer_thread.zig`), "
              "committing every 1000 rows.\n- The walker's reused path buffer is copied per entry before it crosses threads.\n"
              "- Fixed a lost wake-up in the queue (`broadcast` on close), covered by a test.\n- 5k-photo sample: 2m32s -> 44s on "
              "4 cores; index identical to the sequential version.\n\nOpen: memory grows with the queue if the disk is faster "
              "than SQLite (no back-pressure yet); not measured on the ARM NAS builds yet.")
