"""Seventh held-out set: negatives (q01-q12). Every one expects nothing; all six categories are must_not."""

NONE: list[str] = []


def register(session):
    @session("q01-question-onpush-change-detection", "wardrota", "2026-10-05T08:12:00", NONE)
    def _(s):
        s.user("quick one before standup: what actually is the difference between OnPush and Default change detection in angular? "
               "someone in review said our shift-card component 'should be OnPush' and I nodded like I knew")
        s.say("With **Default**, Angular checks the component on every change-detection cycle: any event, timer or HTTP response "
              "anywhere in the app re-evaluates its bindings.\n\nWith **OnPush**, Angular only checks it when:\n"
              "- one of its `@Input()` references changes (a new object, not a mutated one),\n"
              "- an event fires inside the component or its children,\n"
              "- an `async` pipe or a signal it reads emits,\n"
              "- or you call `markForCheck()` yourself.\n\nFor a presentational card that only renders its inputs, OnPush is "
              "cheaper and makes the data flow explicit. The catch is mutation: if a parent does `shift.start = ...` in place, "
              "an OnPush card won't update until the reference changes. That's probably what your reviewer meant.")

    @session("q02-trivial-fix-add-to-bag-typo", "marigold", "2026-10-06T13:40:00", NONE)
    def _(s):
        s.user("typo on the pdp button lol it says 'Add to bga'. fix pls")
        s.grep("Add to bga", "app/(shop)/products/[handle]/AddToBag.tsx:41:        {pending ? 'Adding…' : 'Add to bga'}")
        s.edit("app/(shop)/products/[handle]/AddToBag.tsx", "{pending ? 'Adding…' : 'Add to bga'}", "{pending ? 'Adding…' : 'Add to bag'}")
        s.say("Fixed: the button in `AddToBag.tsx` now reads \"Add to bag\".")

    @session("q03-chitchat-zig-error-messages", "fenlark", "2026-10-07T19:05:00", NONE)
    def _(s):
        s.user("haha yesterday zig compiler told me 'expected type *const [5:0]u8, found *const [6:0]u8' and I stare 10 minutes. "
               "a string was one letter longer. anyway thank for the help with the walker, it works nice now")
        s.say("That one gets everybody: string literals in Zig are pointers to fixed-size arrays, so the length is part of the "
              "type and a one-letter difference is a type error. Glad the walker is behaving now. Shout if anything else comes up.")

    @session("q04-green-test-run-prove", "copperline", "2026-10-08T09:30:00", NONE)
    def _(s):
        s.user("run the tests")
        s.bash("prove -lr t/", "t/00-load.t ............ ok\nt/10-tariff.t .......... ok\nt/20-invoice.t ......... ok\n"
               "t/30-meter-read.t ...... ok\nt/40-direct-debit.t .... ok\nAll tests successful.\nFiles=5, Tests=184,  6 wallclock secs\nResult: PASS")
        s.say("All green: 5 files, 184 tests, PASS.")

    @session("q05-isr-vs-on-demand-tradeoff-explained", "marigold", "2026-10-09T11:00:00", NONE)
    def _(s):
        s.user("so for product pages, whats the actual tradeoff between revalidate: 60 and on-demand revalidation from a shopify webhook? "
               "not changing anything yet, just want to understand it before the planning meeting")
        s.read("app/(shop)/products/[handle]/page.tsx", "export const revalidate = 300\n\nexport default async function ProductPage({ params }) {\n  const product = await getProduct(params.handle)\n  ...")
        s.say("Right now the page uses `revalidate = 300`, i.e. time-based ISR.\n\n**Time-based (`revalidate: 60`)**\n"
              "- Simple, nothing to wire up.\n- A price change can be stale for up to the interval (plus one request, since the "
              "first visitor after expiry still gets the old page while it regenerates).\n- Costs regenerations even when nothing "
              "changed.\n\n**On-demand (`revalidateTag` from a Shopify `products/update` webhook)**\n- Pages stay cached until something "
              "actually changes, then update within seconds.\n- You need a route handler, webhook HMAC verification, and tags on "
              "your fetches.\n- If a webhook is dropped, the page stays stale until the next deploy, so people often keep a long "
              "time-based fallback as well.\n\nThe usual middle ground is on-demand plus a long fallback interval (e.g. an hour). "
              "Happy to sketch it when you've decided.")
        s.user("ok good to know, thanks. will bring it up")
        s.say("Sounds good.")

    @session("q06-github-release-asset-limits-for-friend", "fenlark", "2026-10-10T16:20:00", NONE)
    def _(s):
        s.user("not for fenlark: my friend asks why his github release upload fails for a 3gb file. what are the limits there?")
        s.say("GitHub documents a per-file limit for release assets of **2 GiB**; each file has to be under that, though there "
              "is no limit on the total size of a release or on bandwidth. So a 3 GB file will fail regardless of how it is "
              "uploaded.\n\nHis options: split the file (`split -b 1900M`) and attach the parts, compress it harder, or host it "
              "somewhere else (object storage, Git LFS has its own quotas) and link it from the release notes.")

    @session("q07-todo-file-read-out", "copperline", "2026-10-12T10:02:00", NONE)
    def _(s):
        s.user("whats in TODO.txt, i forgot")
        s.read("TODO.txt", "- tariff 2027 tables when the board publishes them (jan?)\n- ask finance if the paper-bill surcharge goes away\n"
               "- Billing::Letter still prints the old helpline number on page 2\n- look at why t/30 is slow on the build box\n- renew the sftp key for the bank before march")
        s.say("Five items in `TODO.txt`:\n1. Load the 2027 tariff tables once the board publishes them (noted as January?).\n"
              "2. Ask finance whether the paper-bill surcharge is going away.\n3. `Billing::Letter` still prints the old helpline "
              "number on page 2.\n4. Find out why `t/30` is slow on the build box.\n5. Renew the SFTP key for the bank before March.")

    @session("q08-review-colleague-branch-no-changes", "wardrota", "2026-10-13T14:45:00", NONE)
    def _(s):
        s.user("can you review Priyesh's branch feature/leave-requests against main? just comments, don't change anything, I'll pass them on")
        s.bash("git diff main...origin/feature/leave-requests --stat",
               " src/Rota.Api/Controllers/LeaveController.cs        | 88 ++++++\n src/Rota.Api/Services/LeaveService.cs              | 121 ++++++++\n"
               " src/rota-web/src/app/leave/leave-form.component.ts | 74 +++++\n 3 files changed, 283 insertions(+)")
        s.bash("git diff main...origin/feature/leave-requests -- src/Rota.Api/Services/LeaveService.cs | head -80",
               "+    public async Task<LeaveRequest> SubmitAsync(LeaveRequestDto dto)\n+    {\n+        var staff = await _db.Staff.FindAsync(dto.StaffId);\n"
               "+        var overlapping = _db.Leave.Where(l => l.StaffId == dto.StaffId).ToList()\n+            .Where(l => l.Start < dto.End && dto.Start < l.End);\n+        ...")
        s.say("Review notes for `feature/leave-requests` (nothing changed):\n\n1. `LeaveService.SubmitAsync` loads **all** of a "
              "person's leave with `.ToList()` and filters the overlap in memory. Moving the `Where` before `ToList()` lets SQL do it.\n"
              "2. `FindAsync` can return null; an unknown `StaffId` currently throws a `NullReferenceException` (500) instead of a 404.\n"
              "3. `LeaveController` has no `[Authorize]` on the approve endpoint; every other controller has it.\n"
              "4. `leave-form.component.ts` subscribes in `ngOnInit` without unsubscribing; `takeUntilDestroyed()` would fix that.\n"
              "5. No tests for the overlap logic.\n\nThe overall shape is fine; 3 is the one I'd block on.")

    @session("q09-ja-cron-vs-systemd-postponed", "copperline", "2026-10-14T02:10:00", NONE)
    def _(s):
        s.user("cronジョブをsystemdタイマーに移すべきか迷っています。メリットとデメリットを教えてください。")
        s.bash("crontab -l -u billing", "15 1 * * * /opt/copperline/bin/meter_import.pl\n30 2 * * 1-5 /opt/copperline/bin/invoice_run.pl\n0 6 * * * /opt/copperline/bin/dd_export.pl")
        s.say("現在のcronは3本です。\n\n**systemdタイマーの利点**\n- `journalctl -u` でログがまとまる\n- `Persistent=true` で停止中に逃した実行を起動後に実行できる\n"
              "- 多重起動の防止や依存関係(Oracleのリスナーの後など)を書ける\n\n**欠点**\n- ユニットファイルが2つずつ必要で、cronより記述が多い\n"
              "- 運用チームが `crontab -l` に慣れている\n- RHEL 7のsystemdは古く、`OnCalendar` の一部の書き方が使えない\n\nどちらでも動きます。")
        s.user("ありがとうございます。どちらにするかは来月の運用会議で決めます。今日は何も変えません。")
        s.say("了解です。会議用にこの比較をそのまま使ってください。")

    @session("q10-overnight-shift-on-two-days-is-intended", "wardrota", "2026-10-15T10:30:00", NONE)
    def _(s):
        s.user("bug report from ward 7: a night shift 20:00-08:00 shows up on BOTH tuesday and wednesday in the week view. can you look?")
        s.grep("spansMidnight", "src/rota-web/src/app/rota/week-view.component.ts:58:    // spansMidnight: render on both days on purpose, see ROTA-212\n"
               "src/rota-web/src/app/rota/week-view.component.ts:59:    if (shift.spansMidnight) {")
        s.bash("grep -n 'ROTA-212' -r docs/", "docs/decisions/week-view.md:12:ROTA-212: ward managers asked for night shifts to appear on both days, with a moon icon on the second day")
        s.say("That's intended behaviour, not a bug: `week-view.component.ts` renders shifts that cross midnight on both days on purpose "
              "(ROTA-212, recorded in `docs/decisions/week-view.md`: ward managers asked for it, with a moon icon on the second day). "
              "Ward 7 may just not have seen the icon. I haven't changed anything.")
        s.user("ha, ok. I'll tell them")
        s.say("👍")

    @session("q11-ko-comptime-vs-inline-question", "fenlark", "2026-10-16T22:40:00", NONE)
    def _(s):
        s.user("zig에서 comptime 파라미터랑 inline fn 차이가 뭐예요? 헷갈려서요")
        s.say("둘은 다른 것을 고정합니다.\n\n- **`comptime` 파라미터**: 그 *값*이 컴파일 타임에 알려져야 합니다. 예: `fn hash(comptime T: type, x: T)`. "
              "호출마다 다른 값이면 함수가 값별로 따로 인스턴스화됩니다.\n- **`inline fn`**: 함수 *호출*이 항상 호출 위치에 펼쳐집니다. "
              "인자가 comptime일 필요는 없지만, comptime으로 알려진 인자는 펼친 뒤에도 comptime으로 남아서 분기가 잘려 나갈 수 있습니다.\n\n"
              "대부분은 `comptime` 파라미터만으로 충분하고, `inline`은 프로파일링에서 필요하다고 나올 때 쓰는 편이 좋습니다.")

    @session("q12-zh-fix-log-message-typo", "copperline", "2026-10-17T03:20:00", NONE)
    def _(s):
        s.user("日志里 'Invocie run finished' 拼错了，改一下")
        s.grep("Invocie", "bin/invoice_run.pl:212:$log->info(\"Invocie run finished: $count invoices\");")
        s.edit("bin/invoice_run.pl", '$log->info("Invocie run finished: $count invoices");', '$log->info("Invoice run finished: $count invoices");')
        s.say("改好了：`bin/invoice_run.pl` 第 212 行现在是 \"Invoice run finished\"。")
