"""Seventh held-out set: English sessions with two or three categories (q29-q36), two of them long."""


def register(session):
    @session("q29-rest-rule-constraint-and-server-side-decision", "wardrota", "2026-11-06T09:30:00", ["decision", "constraint"])
    def _(s):
        s.user("Ward managers can currently drag a shift so that someone finishes a night at 08:00 and starts a day at 14:00. "
               "That can't happen: under the Working Time Regulations and the trust's own rostering policy every member of staff "
               "gets at least 11 hours' continuous rest between shifts. No exceptions in the tool; if a ward genuinely needs one it "
               "goes through the staffing bureau by hand. Where should the check live? The drag-and-drop validation is all in "
               "Angular right now.")
        s.grep("canDrop", "src/rota-web/src/app/rota/drag/drop-rules.ts:12:export function canDrop(shift: Shift, target: Slot, rota: Rota): DropCheck {")
        s.say("Two options:\n\n1. **Angular only** (extend `canDrop`): instant feedback while dragging, but the API would still "
              "accept a violating shift from anything else: the bulk import, the bureau's Excel upload, a direct API call.\n"
              "2. **Server-side rule in `ShiftService`**, enforced on every write, with the Angular check as a mirror for "
              "feedback only.\n\nGiven it's a legal rule, I'd go with 2.")
        s.user("2, agreed. The API is the source of truth, the UI check is just for niceness")
        s.write("src/Rota.Domain/Rules/MinimumRestRule.cs", "public sealed class MinimumRestRule : IShiftRule\n{\n    public static readonly TimeSpan MinimumRest = TimeSpan.FromHours(11);\n\n"
                "    public RuleResult Check(Shift candidate, IReadOnlyList<Shift> sameStaff)\n    {\n        foreach (var other in sameStaff)\n        {\n"
                "            var gap = candidate.Start >= other.End ? candidate.Start - other.End : other.Start - candidate.End;\n"
                "            if (gap >= TimeSpan.Zero && gap < MinimumRest)\n                return RuleResult.Fail($\"Less than 11h rest after shift {other.Id}\");\n        }\n        return RuleResult.Ok;\n    }\n}\n")
        s.edit("src/Rota.Api/Services/ShiftService.cs", "    private readonly IShiftRule[] _rules = { new NoDoubleBookingRule() };",
               "    private readonly IShiftRule[] _rules = { new NoDoubleBookingRule(), new MinimumRestRule() };")
        s.edit("src/rota-web/src/app/rota/drag/drop-rules.ts", "export function canDrop(shift: Shift, target: Slot, rota: Rota): DropCheck {",
               "const MINIMUM_REST_HOURS = 11; // mirrors MinimumRestRule on the API, which is authoritative\n\nexport function canDrop(shift: Shift, target: Slot, rota: Rota): DropCheck {")
        s.bash("dotnet test tests/Rota.Domain.Tests --filter MinimumRest", "Passed!  - Failed:     0, Passed:     6, Skipped:     0, Total:     6")
        s.say("Done. `MinimumRestRule` (11h) runs in `ShiftService` on every write, so imports and uploads are covered; the "
              "Angular `canDrop` mirrors it for feedback while dragging. Six tests pass, including the 08:00 -> 14:00 case.")

    @session("q30-dst-invoice-run-fix-and-timezone-debt", "copperline", "2026-11-07T08:05:00", ["runbook", "tech_debt"], ("decision",))
    def _(s):
        s.user("invoice run didn't happen on sunday night / monday. clocks went back sunday. log has nothing for monday at all")
        s.bash("grep invoice_run /var/log/cron-20261103 | tail -4", "Oct 31 02:30:01 billprd01 CROND[8812]: (billing) CMD (/opt/copperline/bin/invoice_run.pl)\n"
               "Nov  3 02:30:01 billprd01 CROND[1190]: (billing) CMD (/opt/copperline/bin/invoice_run.pl)")
        s.bash("grep -n 'already ran' -A3 bin/invoice_run.pl", "27:# guard: already ran in the last 24h?\n28:my $last = $dbh->selectrow_array('SELECT MAX(started_at) FROM run_log');\n"
               "29:exit 0 if time - str2time($last) < 24*3600;")
        s.say("Cron did start it on Monday 02:30; the script exited itself. The guard compares \"now\" with `run_log.started_at`, "
              "which Oracle stores as a local `DATE` without zone. Friday's run was at 02:30 BST; Monday 02:30 GMT... wait, Friday "
              "to Monday is more than 24h, so that isn't it on its own. Let me look at the row.")
        s.bash("sqlplus -s copper/@BILLPRD <<< \"select started_at, host from run_log order by started_at desc fetch first 3 rows only;\"",
               "STARTED_AT          HOST\n------------------- ----------\n03-NOV-26 01:30:02  billprd02\n31-OCT-26 02:30:01  billprd01\n30-OCT-26 02:30:01  billprd01")
        s.say("There it is: `billprd02` (the DR box, whose clock is set to UTC) ran the job at 01:30 on the 3rd, i.e. the same "
              "moment in local time, after its crontab was copied over at the DR test. Then `billprd01`'s run an hour later "
              "hit the 24h guard. So Monday's invoices *were* produced, on the DR box, and nothing is missing.")
        s.bash("ssh billprd02 'crontab -l -u billing | grep -v ^# ; sudo crontab -r -u billing; crontab -l -u billing'",
               "30 2 * * 1-5 /opt/copperline/bin/invoice_run.pl\nno crontab for billing")
        s.bash("sqlplus -s copper/@BILLPRD <<< \"select count(*) from invoices where run_date = date '2026-11-03';\"", "  COUNT(*)\n----------\n     18344")
        s.say("Removed the billing crontab from `billprd02`; the DR box must not run jobs while prod is live. Monday's 18,344 "
              "invoices are all there, so nothing needs re-running.\n\nThe deeper problem: `run_log` stores local time without a "
              "zone and the guard compares it to epoch time, so around DST changes or with a box on UTC it's off by an hour. "
              "Proper fix: `TIMESTAMP WITH TIME ZONE` in `run_log` plus a guard on the business date rather than 24h.")
        s.user("yeah leave the schema alone till after the april run, it's the big annual one. add a note to TODO.txt. and put the "
               "'dr box ran the job' thing in docs/ops so next dr test someone remembers to clear the crontab after")
        s.edit("TODO.txt", "- renew the sftp key for the bank before march", "- renew the sftp key for the bank before march\n"
               "- run_log.started_at is local DATE without zone; 24h guard in invoice_run.pl off by 1h at DST / on UTC boxes. "
               "make it TIMESTAMP WITH TIME ZONE + guard on business date. AFTER the april annual run")
        s.write("docs/ops/dr-box-ran-cron-job.md", "# A job \"didn't run\" after a DR test\n\nSymptom: a nightly job logs nothing on prod, but its output exists.\n\n"
                "Check: `select started_at, host from run_log order by started_at desc` shows host `billprd02` (the DR box).\n\n"
                "Cause: the billing crontab was copied to billprd02 for the DR test and not removed; billprd02 runs on UTC, so it "
                "fires an hour earlier and prod's run then exits on the 24h guard.\n\nFix: `sudo crontab -r -u billing` on billprd02; "
                "check the run's output (e.g. invoice count for the run date). After every DR test: clear billprd02's crontab.\n")
        s.say("Added the schema/guard item to `TODO.txt` (after the April run) and `docs/ops/dr-box-ran-cron-job.md`.")

    @session("q31-playwright-and-getbyrole-preference", "marigold", "2026-11-09T14:20:00", ["decision", "preference"])
    def _(s):
        s.user("we need e2e tests for checkout before black friday. cypress or playwright? the old agency had a half-dead cypress folder")
        s.bash("ls cypress/e2e && git log -1 --format=%cr -- cypress/", "home.cy.js\nlegacy-cart.cy.js\n14 months ago")
        s.say("The Cypress folder has two specs, untouched for 14 months, and tests the old cart. So it's effectively a fresh start.\n\n"
              "- **Playwright**: runs Chromium/WebKit/Firefox (Safari matters for a shop), parallel by default, traces on "
              "failure, and Shopify's checkout is on another origin, which Playwright handles without workarounds.\n"
              "- **Cypress**: nicer interactive runner; cross-origin needs `cy.origin`, WebKit support is still experimental.")
        s.user("playwright. webkit is like 40% of our traffic. bin the cypress folder")
        s.bash("rm -rf cypress cypress.config.js && pnpm remove cypress && pnpm create playwright --quiet --lang=ts --gitHubActions",
               "✔ Success! Created a Playwright Test project")
        s.write("e2e/checkout.spec.ts", "import { test, expect } from '@playwright/test'\n\ntest('add to bag and reach checkout', async ({ page }) => {\n"
                "  await page.goto('/products/second-flush-darjeeling')\n  await page.locator('.pdp-actions > button.btn-primary').click()\n"
                "  await page.locator('#mini-cart .checkout-link').click()\n  await expect(page).toHaveURL(/checkout/)\n})\n")
        s.say("Playwright is set up (config + GitHub Actions workflow) and there's a first checkout spec.")
        s.user("use getByRole / getByLabel, never css selectors or ids in tests. the classnames change every time someone touches tailwind")
        s.edit("e2e/checkout.spec.ts", "  await page.locator('.pdp-actions > button.btn-primary').click()\n  await page.locator('#mini-cart .checkout-link').click()",
               "  await page.getByRole('button', { name: 'Add to bag' }).click()\n  await page.getByRole('link', { name: 'Checkout' }).click()")
        s.bash("pnpm exec playwright test --project=webkit", "Running 1 test using 1 worker\n  ✓  1 [webkit] › checkout.spec.ts:3:5 › add to bag and reach checkout (6.2s)\n  1 passed (7.9s)")
        s.say("Switched to role-based locators; passes on WebKit.")

    @session("q32-long-release-workflow-zig-pin-and-notarize", "fenlark", "2026-11-10T18:00:00",
             ["session_summary", "decision", "runbook"], ("constraint",))
    def _(s):
        s.user("release workflow is a mess. it uses 'zig master' from setup-zig so every build is different compiler, and macos "
               "binary get killed by gatekeeper. i want fix both today. first: which zig do we pin, 0.13.0 or keep nightly?")
        s.read(".github/workflows/release.yml", "      - uses: mlugg/setup-zig@v1\n        with:\n          version: master\n      - run: zig build -Doptimize=ReleaseSafe -Dtarget=${{ matrix.target }}")
        s.say("Pinning is the main thing either way. **0.13.0**: stable, reproducible, what most packages target; we'd stay on it "
              "until 0.14 lands. **A pinned nightly** (e.g. `0.14.0-dev.2077+...`): newer std (the new `std.Build` APIs), but "
              "nightlies disappear from the mirror after a while, so an old release can't be rebuilt.")
        s.user("0.13.0. reproducible is more important than new std. we move when 0.14 is out, not before")
        s.work([
            ("edit", ".github/workflows/release.yml", "          version: master", "          version: 0.13.0"),
            ("write", ".zigversion", "0.13.0\n"),
            ("edit", "build.zig.zon", "    .minimum_zig_version = \"0.12.0\",", "    .minimum_zig_version = \"0.13.0\","),
            ("bash", "zig version && zig build test", "0.13.0\nAll 41 tests passed."),
            ("read", ".github/workflows/release.yml", "  macos:\n    runs-on: macos-14\n    steps:\n      - run: zig build -Doptimize=ReleaseSafe -Dtarget=aarch64-macos\n"
             "      - run: codesign -s - zig-out/bin/fenlark\n      - uses: actions/upload-artifact@v4"),
            ("bash", "gh run download 11873 -n fenlark-aarch64-macos -D /tmp/rel && spctl -a -vvv -t install /tmp/rel/fenlark",
             "/tmp/rel/fenlark: rejected\nsource=no usable signature", None, True),
            ("bash", "codesign -dv /tmp/rel/fenlark 2>&1 | head -3", "Executable=/tmp/rel/fenlark\nIdentifier=fenlark\nSignature=adhoc"),
        ])
        s.say("The macOS binary is only **ad-hoc signed** (`codesign -s -`). Downloaded from the internet it carries the "
              "quarantine attribute and Gatekeeper rejects anything not signed with a Developer ID and notarized. You have the "
              "Apple developer account: we need the Developer ID Application certificate as a secret, `codesign --options runtime`, "
              "then `notarytool submit --wait`. A bare binary can't be stapled, so it should ship in a zip (notarization is "
              "checked online on first run).")
        s.user("ok do it. secrets are MACOS_CERT_P12, MACOS_CERT_PASSWORD, AC_API_KEY (the .p8), AC_KEY_ID, AC_ISSUER")
        s.work([
            ("edit", ".github/workflows/release.yml", "      - run: codesign -s - zig-out/bin/fenlark",
             "      - name: import certificate\n        run: |\n          echo \"$MACOS_CERT_P12\" | base64 -d > cert.p12\n"
             "          security create-keychain -p ci build.keychain && security default-keychain -s build.keychain\n"
             "          security unlock-keychain -p ci build.keychain\n          security import cert.p12 -k build.keychain -P \"$MACOS_CERT_PASSWORD\" -T /usr/bin/codesign\n"
             "          security set-key-partition-list -S apple-tool:,apple: -s -k ci build.keychain\n"
             "      - run: codesign --force --options runtime --timestamp -s \"Developer ID Application\" zig-out/bin/fenlark\n"
             "      - run: ditto -c -k zig-out/bin/fenlark fenlark-aarch64-macos.zip\n"
             "      - name: notarize\n        run: |\n          echo \"$AC_API_KEY\" > key.p8\n"
             "          xcrun notarytool submit fenlark-aarch64-macos.zip --key key.p8 --key-id \"$AC_KEY_ID\" --issuer \"$AC_ISSUER\" --wait"),
            ("bash", "git add -A && git commit -qm 'release: pin zig 0.13.0, sign + notarize macos' && git push -q origin HEAD:ci-release-test && gh workflow run release.yml --ref ci-release-test", ""),
            ("bash", "sleep 240; gh run list --workflow release.yml -L 1 --json conclusion,databaseId", "[{\"conclusion\":\"failure\",\"databaseId\":11902}]"),
            ("bash", "gh run view 11902 --log-failed | tail -5", "macos  notarize  Current status: Invalid...........\nmacos  notarize  Processing complete\n"
             "macos  notarize    id: 5b1e0c7a-...\n    status: Invalid", None, True),
            ("bash", "xcrun notarytool log 5b1e0c7a-2f0d-4a55-9c1e-1d1c0bb0c7f2 --key key.p8 --key-id $AC_KEY_ID --issuer $AC_ISSUER | jq '.issues[].message'",
             "\"The signature does not include a secure timestamp.\"", "Getting the notary log for the rejected submission."),
            ("bash", "gh run view 11902 --log | grep -i 'codesign' | tail -2", "macos  codesign  zig-out/bin/fenlark: replacing existing signature\nmacos  codesign  zig-out/bin/fenlark: The timestamp service is not available."),
            ("edit", ".github/workflows/release.yml", "      - run: codesign --force --options runtime --timestamp -s \"Developer ID Application\" zig-out/bin/fenlark",
             "      - name: codesign (retry: Apple's timestamp server flakes)\n        run: |\n          for i in 1 2 3; do\n"
             "            codesign --force --options runtime --timestamp -s \"Developer ID Application\" zig-out/bin/fenlark && break\n            sleep 15\n          done\n"
             "          codesign -dv --verbose=2 zig-out/bin/fenlark 2>&1 | grep -q '^Timestamp=' "),
            ("bash", "git commit -qam 'release: retry codesign when the timestamp server is unavailable' && git push -q origin HEAD:ci-release-test && gh workflow run release.yml --ref ci-release-test", ""),
            ("bash", "sleep 300; gh run list --workflow release.yml -L 1 --json conclusion,databaseId", "[{\"conclusion\":\"success\",\"databaseId\":11907}]"),
            ("bash", "gh run download 11907 -n fenlark-aarch64-macos -D /tmp/rel2 && cd /tmp/rel2 && unzip -oq fenlark-aarch64-macos.zip && xattr -w com.apple.quarantine '0081;0;Safari;' fenlark && spctl -a -vvv -t install fenlark",
             "fenlark: accepted\nsource=Notarized Developer ID\norigin=Developer ID Application: Noor Haddad (7QK2XH3L9M)"),
            ("bash", "cd /tmp/rel2 && ./fenlark --version", "fenlark 0.6.0 (zig 0.13.0)"),
            ("bash", "gh run view 11907 --json jobs --jq '.jobs[].name + \" \" + .jobs[].conclusion' | sort -u", "linux-aarch64-musl success\nlinux-x86_64-musl success\nmacos success\nwindows success"),
            ("edit", "CONTRIBUTING.md", "## Releasing\n", "## Releasing\n\nCI builds with zig 0.13.0 (pinned in `.zigversion` and `release.yml`); bump all three places together.\n"),
            ("write", "docs/release-troubleshooting.md", "# Release troubleshooting\n\n## macOS: notarization \"Invalid\", \"signature does not include a secure timestamp\"\n\n"
             "Cause: `codesign --timestamp` could not reach Apple's timestamp server (\"The timestamp service is not available\" in the codesign step's log) "
             "and signed without one.\n\nCheck: `xcrun notarytool log <submission id> ...` lists the issue; `codesign -dv` shows no `Timestamp=` line.\n\n"
             "Fix: re-run the workflow; the codesign step retries three times and fails if there is still no timestamp.\n\n"
             "Verify a release: unzip, `xattr -w com.apple.quarantine '0081;0;Safari;' fenlark`, `spctl -a -vvv -t install fenlark` must say `source=Notarized Developer ID`.\n"),
        ])
        s.say("Both fixed: run 11907 is green on all four targets, and the macOS zip is accepted by Gatekeeper as "
              "\"Notarized Developer ID\" even with the quarantine flag set.")
        s.user("amazing. recap for the release notes + what i should remember")
        s.say("**Release pipeline (0.6.0)**\n- Zig pinned to **0.13.0** (`.zigversion`, `release.yml`, `minimum_zig_version`); we "
              "stay on it until 0.14 is released, for reproducible builds. Noted in CONTRIBUTING.\n- macOS builds are now signed "
              "with the Developer ID (hardened runtime, secure timestamp), shipped as a zip and notarized with `notarytool`.\n"
              "- First attempt was rejected (\"no secure timestamp\": Apple's timestamp server was unavailable during codesign); "
              "the step now retries and fails loudly. Diagnosis and verification are in `docs/release-troubleshooting.md`.\n\n"
              "To remember: the Developer ID certificate in `MACOS_CERT_P12` expires (check the date in Keychain); when it does, "
              "notarization fails the same way.")

    @session("q33-sqlserver-2016-constraint-and-string-agg-debt", "wardrota", "2026-11-11T13:00:00", ["constraint", "tech_debt"], ("decision",))
    def _(s):
        s.user("the hours report is slow, it builds the comma list of ward names per person in C# after loading everything. "
               "can we do it in sql with STRING_AGG?")
        s.edit("src/Rota.Data/Queries/HoursReport.sql", "SELECT s.Id, s.Name, w.Name AS Ward", "SELECT s.Id, s.Name, STRING_AGG(w.Name, ', ') WITHIN GROUP (ORDER BY w.Name) AS Wards")
        s.bash("sqlcmd -S localhost -d Rota -i src/Rota.Data/Queries/HoursReport.sql -h -1 | head -2", "1   A. Byrne   AMU, Ward 7\n2   T. Osei    ICU")
        s.say("Works locally with `STRING_AGG` and drops the C# grouping.")
        s.user("ah wait. prod is the trust's shared SQL Server 2016 instance, compat level 130, and they won't upgrade it before "
               "2027. STRING_AGG needs 2017. everything we write has to run on 2016")
        s.bash("sqlcmd -S localhost -Q \"ALTER DATABASE Rota SET COMPATIBILITY_LEVEL = 130\" && sqlcmd -S localhost -d Rota -i src/Rota.Data/Queries/HoursReport.sql 2>&1 | head -1",
               "Msg 195, Level 15, State 10, Line 1\n'STRING_AGG' is not a recognized built-in function name.", error=True)
        s.edit("src/Rota.Data/Queries/HoursReport.sql", "STRING_AGG(w.Name, ', ') WITHIN GROUP (ORDER BY w.Name) AS Wards",
               "STUFF((SELECT ', ' + w2.Name FROM StaffWard sw2 JOIN Ward w2 ON w2.Id = sw2.WardId WHERE sw2.StaffId = s.Id ORDER BY w2.Name FOR XML PATH(''), TYPE).value('.', 'nvarchar(max)'), 1, 2, '') AS Wards")
        s.bash("sqlcmd -S localhost -d Rota -i src/Rota.Data/Queries/HoursReport.sql -h -1 | head -2", "1   A. Byrne   AMU, Ward 7\n2   T. Osei    ICU")
        s.edit("docker-compose.dev.yml", "      - MSSQL_PID=Developer", "      - MSSQL_PID=Developer\n    # prod is SQL Server 2016 (compat 130): init script sets the same level\n    command: /opt/mssql/bin/sqlservr")
        s.user("ok. the FOR XML thing is ugly though, swap it back to STRING_AGG when they upgrade")
        s.edit("src/Rota.Data/Queries/HoursReport.sql", "SELECT s.Id, s.Name,", "-- TODO: FOR XML PATH because prod is SQL Server 2016 (compat 130).\n"
               "-- Replace with STRING_AGG(...) WITHIN GROUP (ORDER BY w.Name) once the trust upgrades (planned 2027).\nSELECT s.Id, s.Name,")
        s.say("Rewritten with `STUFF(... FOR XML PATH(''))`, which runs at compat level 130 and gives the same output; the local "
              "database is now at compat 130 too so this shows up before prod does. The query has a TODO to switch back to "
              "`STRING_AGG` after the 2027 upgrade.")

    @session("q34-sftp-key-rotation-runbook-and-heredoc-preference", "copperline", "2026-11-12T09:10:00", ["runbook", "preference"], ("tech_debt",))
    def _(s):
        s.user("dd_export failed, bank sftp says 'Permission denied (publickey)'. key expired?? it wasn't due till march")
        s.bash("sftp -b /dev/null -i ~/.ssh/bank_dd -o BatchMode=yes copperline@sftp.bank.example 2>&1 | tail -2",
               "Received disconnect from 203.0.113.40 port 22:2: Too many authentication failures\nConnection closed", error=True)
        s.bash("ssh -G -i ~/.ssh/bank_dd copperline@sftp.bank.example | grep -E '^(identityfile|identitiesonly)'",
               "identityfile ~/.ssh/bank_dd\nidentityfile ~/.ssh/id_rsa\nidentityfile ~/.ssh/id_ecdsa\nidentityfile ~/.ssh/id_ed25519\nidentitiesonly no")
        s.say("It isn't the key. The agent offers every key it has (`IdentitiesOnly no`), and since Tuesday's ops change added a "
              "couple of keys to the billing user's agent, the bank's server gives up after its limit of attempts before "
              "reaching `bank_dd`. `IdentitiesOnly yes` makes ssh offer only the given key.")
        s.edit("bin/dd_export.pl", "my @sftp = ('sftp', '-b', $batch, '-i', $key, \"copperline\\@$host\");",
               "my @sftp = ('sftp', '-b', $batch, '-o', 'IdentitiesOnly=yes', '-i', $key, \"copperline\\@$host\");")
        s.bash("perl -Ilib bin/dd_export.pl --date 2026-11-11 --resend", "connected to sftp.bank.example\nuploaded DD20261111.txt (4112 records)\ndone")
        s.say("Uploaded: `DD20261111.txt` with 4,112 records. `dd_export.pl` now passes `IdentitiesOnly=yes`.")
        s.user("good. while you're in there, the sql at the top of dd_export is built with . concatenation, I hate that. we write "
               "sql as heredocs with placeholders, always, everywhere")
        s.read("bin/dd_export.pl", "my $sql = 'SELECT account_no, sort_code, amount FROM dd_queue ' .\n          'WHERE run_date = \\'' . $date . '\\' ' .\n          'AND status = \\'READY\\'';")
        s.edit("bin/dd_export.pl", "my $sql = 'SELECT account_no, sort_code, amount FROM dd_queue ' .\n          'WHERE run_date = \\'' . $date . '\\' ' .\n          'AND status = \\'READY\\'';",
               "my $sql = <<~'SQL';\n    SELECT account_no, sort_code, amount\n      FROM dd_queue\n     WHERE run_date = TO_DATE(?, 'YYYY-MM-DD')\n       AND status = 'READY'\n    SQL\n")
        s.say("Hmm, `<<~` (indented heredoc) needs Perl 5.26 and prod is 5.16. Switching to a plain heredoc.")
        s.edit("bin/dd_export.pl", "my $sql = <<~'SQL';", "my $sql = <<'SQL';")
        s.bash("perl -c bin/dd_export.pl && prove -l t/40-direct-debit.t", "bin/dd_export.pl syntax OK\nt/40-direct-debit.t .. ok\nAll tests successful.")
        s.say("SQL is now a `<<'SQL'` heredoc with a placeholder for the date (plain heredoc, as 5.16 has no `<<~`). Tests pass.")
        s.user("and write the sftp thing down somewhere for ops")
        s.write("docs/ops/bank-sftp-publickey-denied.md", "# Bank SFTP: \"Permission denied (publickey)\" / \"Too many authentication failures\"\n\n"
                "Not necessarily an expired key. Check `ssh -G -i ~/.ssh/bank_dd copperline@sftp.bank.example | grep identit`: if more "
                "than one identityfile is offered and `identitiesonly no`, the server drops us before our key is tried.\n\n"
                "Fix: `-o IdentitiesOnly=yes` (dd_export.pl passes it since 2026-11-12). Resend: `bin/dd_export.pl --date YYYY-MM-DD --resend`; "
                "check the record count in its output.\n")
        s.say("Written to `docs/ops/bank-sftp-publickey-denied.md`.")

    @session("q35-long-app-router-migration-checkout-deferred", "marigold", "2026-11-13T10:00:00", ["session_summary", "tech_debt"],
             ("decision", "preference"))
    def _(s):
        s.user("ok today: move the remaining pages/ routes to the app router. left in pages/: /journal, /journal/[slug], /gift-cards, "
               "/checkout/thank-you, /checkout/gift-message. let's go one at a time and keep the urls identical")
        s.work([
            ("bash", "ls -R pages | grep -v '^$'", "pages:\n_app.tsx\n_document.tsx\ncheckout\ngift-cards.tsx\njournal\n\npages/checkout:\ngift-message.tsx\nthank-you.tsx\n\npages/journal:\n[slug].tsx\nindex.tsx"),
            ("read", "pages/journal/index.tsx", "export const getStaticProps = async () => {\n  const posts = await sanity.fetch(POSTS_QUERY)\n  return { props: { posts }, revalidate: 600 }\n}\n\nexport default function Journal({ posts }) { ... }"),
            ("write", "app/journal/page.tsx", "import { sanity } from '@/lib/sanity/client'\nimport { POSTS_QUERY } from '@/lib/sanity/queries'\n\nexport const revalidate = 600\n\n"
             "export default async function Journal() {\n  const posts = await sanity.fetch(POSTS_QUERY)\n  return <PostList posts={posts} />\n}\n"),
            ("bash", "git rm -q pages/journal/index.tsx && pnpm build 2>&1 | grep -E 'journal|Error'", "├ ○ /journal                              1.8 kB          96 kB"),
            ("read", "pages/journal/[slug].tsx", "export const getStaticPaths = async () => ({ paths: (await sanity.fetch(SLUGS)).map(...), fallback: 'blocking' })\n"
             "export const getStaticProps = async ({ params }) => { ... return { props: { post }, revalidate: 600 } }"),
            ("write", "app/journal/[slug]/page.tsx", "export const revalidate = 600\nexport const dynamicParams = true\n\nexport async function generateStaticParams() {\n"
             "  return (await sanity.fetch(SLUGS)).map((slug: string) => ({ slug }))\n}\n\nexport async function generateMetadata({ params }) { ... }\n\n"
             "export default async function Post({ params }) {\n  const post = await sanity.fetch(POST_QUERY, { slug: params.slug })\n  if (!post) notFound()\n  ...\n}\n"),
            ("bash", "git rm -q 'pages/journal/[slug].tsx' && pnpm build 2>&1 | grep -E 'journal|Error'", "├ ○ /journal                              1.8 kB          96 kB\n├ ● /journal/[slug]                       2.4 kB          99 kB\n├   ├ /journal/first-flush-notes\n├   └ [+31 more paths]"),
            ("bash", "curl -s -o /dev/null -w '%{http_code}\\n' localhost:3000/journal/does-not-exist", "404"),
            ("read", "pages/gift-cards.tsx", "import Head from 'next/head'\n\nexport default function GiftCards() {\n  return (<>\n    <Head><title>Gift cards | Marigold Tea</title></Head>\n    <GiftCardPicker />\n  </>)\n}"),
            ("write", "app/gift-cards/page.tsx", "import GiftCardPicker from '@/components/gift/GiftCardPicker'\n\nexport const metadata = { title: 'Gift cards | Marigold Tea' }\n\n"
             "export default function GiftCards() {\n  return <GiftCardPicker />\n}\n"),
            ("bash", "git rm -q pages/gift-cards.tsx && pnpm build 2>&1 | grep -E 'gift|Error'", "Error: useState only works in Client Components. Add the \"use client\" directive at the top of the file to use it.\n  ./components/gift/GiftCardPicker.tsx", None, True),
            ("edit", "components/gift/GiftCardPicker.tsx", "import { useState } from 'react'", "'use client'\nimport { useState } from 'react'"),
            ("bash", "pnpm build 2>&1 | grep -E 'gift|Error'", "├ ○ /gift-cards                           3.1 kB          101 kB"),
            ("read", "pages/checkout/thank-you.tsx", "export const getServerSideProps = async ({ query, req }) => {\n  const order = await getOrderByCheckoutToken(query.token, req.cookies.customerAccessToken)\n"
             "  if (!order) return { redirect: { destination: '/', permanent: false } }\n  trackPurchase(order) // server-side GA4 measurement protocol\n  return { props: { order } }\n}"),
            ("grep", "trackPurchase", "lib/analytics/ga4.ts:14:export async function trackPurchase(order: Order) {\npages/checkout/thank-you.tsx:5:  trackPurchase(order)\n"
             "pages/_app.tsx:31:    if (router.pathname.startsWith('/checkout')) consentBanner.suppress()"),
            ("read", "pages/_app.tsx", "  useEffect(() => {\n    if (router.pathname.startsWith('/checkout')) consentBanner.suppress()\n  }, [router.pathname])\n  ..."),
        ])
        s.say("The two checkout pages are different from the others: `thank-you` fires the GA4 purchase event server-side in "
              "`getServerSideProps`, and `_app.tsx` suppresses the consent banner on `/checkout/*`. Moving them means rebuilding "
              "both behaviours in the app router (a route segment layout for the banner, and the purchase event somewhere that "
              "doesn't double-fire on refresh). Doable, but it's the revenue path and it needs checking against GA4 numbers.")
        s.user("yeah no, not two weeks before black friday. leave both checkout pages on pages/ for now, do them in december. "
               "finish the rest")
        s.work([
            ("bash", "pnpm exec playwright test 2>&1 | tail -3", "  14 passed (58.2s)"),
            ("bash", "for u in /journal /journal/first-flush-notes /gift-cards /checkout/thank-you?token=test; do curl -s -o /dev/null -w \"$u %{http_code}\\n\" localhost:3000$u; done",
             "/journal 200\n/journal/first-flush-notes 200\n/gift-cards 200\n/checkout/thank-you?token=test 307"),
            ("edit", "docs/tech-debt.md", "## Cart shadow copy in localStorage", "## Checkout pages still on pages/ router\n/checkout/thank-you and /checkout/gift-message. "
             "Need: consent-banner suppression as a segment layout, GA4 purchase event without double-firing on refresh; verify against GA4. "
             "Planned December (after Black Friday). Until then pages/_app.tsx and _document.tsx must stay.\n\n## Cart shadow copy in localStorage"),
            ("bash", "git add -A && git commit -qm 'app router: journal, journal/[slug], gift-cards' && git log -1 --stat --format=%s | tail -8",
             "app router: journal, journal/[slug], gift-cards\n app/gift-cards/page.tsx            | 7 +++\n app/journal/[slug]/page.tsx         | 29 ++++\n app/journal/page.tsx                | 10 ++\n"
             " components/gift/GiftCardPicker.tsx | 1 +\n docs/tech-debt.md                   | 5 ++\n pages/gift-cards.tsx                | 11 --\n pages/journal/[slug].tsx            | 34 ----\n pages/journal/index.tsx             | 18 ---"),
            ("bash", "gh pr create --fill --draft 2>&1 | tail -1", "https://github.com/marigold-tea/storefront/pull/412"),
        ])
        s.user("write the pr description pls, include what's left")
        s.say("**App router: journal, journal posts, gift cards** (#412)\n\n- `/journal` and `/journal/[slug]` moved to `app/` with "
              "the same ISR (600 s), `generateStaticParams` + `dynamicParams` for new posts, proper 404 for unknown slugs.\n"
              "- `/gift-cards` moved; `GiftCardPicker` marked `'use client'`, metadata via the `metadata` export.\n- URLs "
              "unchanged; Playwright suite green (14 passed).\n\n**Left on `pages/` on purpose:** `/checkout/thank-you` and "
              "`/checkout/gift-message`. They rely on the server-side GA4 purchase event and the consent-banner suppression in "
              "`_app.tsx`; moving them is planned for December, after Black Friday (see `docs/tech-debt.md`). `_app.tsx` and "
              "`_document.tsx` stay until then.")

    @session("q36-exfat-names-constraint-and-writer-preference", "fenlark", "2026-11-14T20:15:00", ["constraint", "preference"], ("decision",))
    def _(s):
        s.user("new command 'fenlark export' that copy the deduplicated photos to a usb drive. people use exfat drives for the "
               "photo frame and for windows, so names must be valid there: no : * ? \" < > | and case-insensitive, so IMG_1.JPG and "
               "img_1.jpg is the same file")
        s.write("src/export.zig", "pub fn run(alloc: Allocator, index: *Index, dest: []const u8) !void {\n    var seen = std.StringHashMap(void).init(alloc);\n"
                "    for (try index.uniqueFiles(alloc)) |f| {\n        const name = try sanitize(alloc, std.fs.path.basename(f.path));\n"
                "        const key = try std.ascii.allocLowerString(alloc, name);\n        const final = if (seen.contains(key)) try suffixed(alloc, name, &seen) else name;\n"
                "        try seen.put(key, {});\n        try copyFile(f.path, dest, final);\n        std.debug.print(\"copied {s}\\n\", .{final});\n    }\n}\n\n"
                "fn sanitize(alloc: Allocator, name: []const u8) ![]u8 {\n    const out = try alloc.dupe(u8, name);\n    for (out) |*c| switch (c.*) {\n"
                "        ':', '*', '?', '\"', '<', '>', '|', '\\\\' => c.* = '_',\n        else => {},\n    };\n    return out;\n}\n")
        s.bash("zig build test -- --test-filter export", "All 5 tests passed.")
        s.say("`fenlark export DEST` copies one file per digest; names get `: * ? \" < > | \\` replaced with `_`, and clashes "
              "that differ only in case get a ` (2)` suffix. Tests pass.")
        s.user("dont use std.debug.print for normal output, it goes to stderr and ignores --quiet. all user output through the "
               "ui.Writer we have, debug.print only for real debug")
        s.grep("pub const Writer", "src/ui.zig:8:pub const Writer = struct {\nsrc/ui.zig:22:    pub fn info(self: *Writer, comptime fmt: []const u8, args: anytype) void {")
        s.edit("src/export.zig", "        std.debug.print(\"copied {s}\\n\", .{final});", "        out.info(\"copied {s}\", .{final});")
        s.edit("src/export.zig", "pub fn run(alloc: Allocator, index: *Index, dest: []const u8) !void {", "pub fn run(alloc: Allocator, index: *Index, dest: []const u8, out: *ui.Writer) !void {")
        s.bash("zig build test && ./zig-out/bin/fenlark export /Volumes/FRAME --quiet | wc -l", "All 46 tests passed.\n0")
        s.say("Output now goes through `ui.Writer.info`, so `--quiet` silences it.")
