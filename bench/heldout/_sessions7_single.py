"""Seventh held-out set: short English sessions with one text category (q13-q27)."""


def register(session):
    # -- decision x3
    @session("q13-decision-drop-custom-image-loader", "marigold", "2026-10-19T10:15:00", ["decision"])
    def _(s):
        s.user("product images are slow on mobile. we have that custom next/image loader from the old agency that proxies through "
               "imgix. is it still worth it?")
        s.read("lib/image-loader.ts", "export default function imgixLoader({ src, width, quality }) {\n  const url = new URL(`https://marigold.imgix.net/${encodeURIComponent(src)}`)\n"
               "  url.searchParams.set('w', String(width))\n  url.searchParams.set('q', String(quality || 75))\n  return url.toString()\n}")
        s.grep("cdn.shopify.com", "lib/shopify/fragments.ts:18:  # url comes back as https://cdn.shopify.com/s/files/...\nnext.config.mjs:9:      { protocol: 'https', hostname: 'cdn.shopify.com' },")
        s.say("Every product image already comes from `cdn.shopify.com`, and Shopify's CDN resizes on the fly (`&width=`), serves "
              "WebP/AVIF and caches at the edge. The imgix loader fetches the Shopify original, re-encodes it and serves it from a "
              "second CDN, so a cold image makes two trips.\n\nOptions:\n1. **Shopify CDN only**: a tiny loader that appends "
              "`width`; drop imgix.\n2. **Keep imgix**: it does smarter cropping (`fit=crop&crop=faces`), which only matters if "
              "editors rely on it.\n3. **Vercel's built-in optimiser**: works, but it bills per source image and duplicates what "
              "Shopify already does.")
        s.user("1. nobody uses the crop stuff and we pay imgix monthly for nothing")
        s.write("lib/image-loader.ts", "export default function shopifyLoader({ src, width, quality }: { src: string; width: number; quality?: number }) {\n"
                "  const url = new URL(src)\n  url.searchParams.set('width', String(width))\n  if (quality) url.searchParams.set('quality', String(quality))\n  return url.toString()\n}\n")
        s.bash("pnpm build 2>&1 | tail -4", "Route (app)                              Size     First Load JS\n┌ ○ /                                    5.2 kB          98 kB\n...\n✓ Compiled successfully")
        s.say("Done: `lib/image-loader.ts` now just adds `width`/`quality` to the Shopify CDN URL; imgix is out of the path and "
              "the build passes. You can cancel the imgix plan once this is deployed.")

    @session("q14-decision-signalr-for-rota-updates", "wardrota", "2026-10-20T09:05:00", ["decision"])
    def _(s):
        s.user("Morning! So, the ward tablets currently poll /api/rota/today every 30 seconds to pick up swaps and sickness cover. "
               "I've been thinking about this over the weekend and I want to move to SignalR. Reasoning: there are ~400 tablets "
               "across the trust, 95% of those polls return nothing new, and App Service supports WebSockets out of the box so "
               "there's no extra infrastructure. We looked at server-sent events too but SignalR gives us reconnection and "
               "groups per ward for free. So: SignalR, one group per ward. Can you set up the hub on the API side?")
        s.read("src/Rota.Api/Program.cs", "var builder = WebApplication.CreateBuilder(args);\nbuilder.Services.AddControllers();\nbuilder.Services.AddDbContext<RotaDb>(...);\n"
               "var app = builder.Build();\napp.MapControllers();\napp.Run();")
        s.write("src/Rota.Api/Hubs/RotaHub.cs", "[Authorize]\npublic class RotaHub : Hub\n{\n    public Task JoinWard(int wardId) =>\n"
                "        Groups.AddToGroupAsync(Context.ConnectionId, $\"ward-{wardId}\");\n}\n")
        s.edit("src/Rota.Api/Program.cs", "builder.Services.AddControllers();", "builder.Services.AddControllers();\nbuilder.Services.AddSignalR();")
        s.edit("src/Rota.Api/Program.cs", "app.MapControllers();", "app.MapControllers();\napp.MapHub<RotaHub>(\"/hubs/rota\");")
        s.bash("dotnet build src/Rota.Api", "Build succeeded.\n    0 Warning(s)\n    0 Error(s)")
        s.say("Hub is in: `RotaHub` at `/hubs/rota`, authorised, with `JoinWard(wardId)` putting a connection in the `ward-{id}` "
              "group. Next step is broadcasting from `ShiftService` when a swap or cover is saved, and the Angular side "
              "(`@microsoft/signalr` client). Remember to switch **Web sockets: On** in the App Service configuration.")

    @session("q15-decision-blake3-over-sha256", "fenlark", "2026-10-21T20:30:00", ["decision"])
    def _(s):
        s.user("hashing step is very slow on my nas (celeron j4125). for the dedup index which hash we should use? now is sha256 from std")
        s.grep("Sha256", "src/hasher.zig:3:const Sha256 = std.crypto.hash.sha2.Sha256;\nsrc/hasher.zig:21:    var h = Sha256.init(.{});")
        s.bash("zig build -Doptimize=ReleaseFast bench -- --algo sha256,blake3,xxh3 ~/testphotos",
               "sha256   412 MB/s\nblake3  1630 MB/s\nxxh3    5200 MB/s  (non-cryptographic)")
        s.say("On this machine (no SHA extensions on that Celeron):\n\n| algo | throughput | notes |\n|---|---|---|\n| sha256 | 412 MB/s | "
              "current |\n| blake3 | 1630 MB/s | cryptographic, in `std.crypto.hash.Blake3` |\n| xxh3 | 5200 MB/s | not cryptographic; "
              "collisions are possible in principle |\n\nFor dedup you want to trust that equal hash means equal file, which "
              "rules out xxh3 unless you byte-compare on every match.")
        s.user("blake3. it is in std and 4x faster, enough")
        s.edit("src/hasher.zig", "const Sha256 = std.crypto.hash.sha2.Sha256;", "const Blake3 = std.crypto.hash.Blake3;")
        s.edit("src/hasher.zig", "    var h = Sha256.init(.{});", "    var h = Blake3.init(.{});")
        s.bash("zig build test", "All 37 tests passed.")
        s.say("Switched `hasher.zig` to `std.crypto.hash.Blake3`; tests pass. Existing index entries were written with SHA-256, so "
              "a re-index (`fenlark index --rebuild`) is needed once.")

    # -- runbook x3
    @session("q16-runbook-ora-12541-after-reboot", "copperline", "2026-10-22T06:50:00", ["runbook"])
    def _(s):
        s.user("meter import failed last night. box was patched + rebooted at 00:30. log:\n"
               "DBI connect('BILLPRD','copper',...) failed: ORA-12541: TNS:no listener at bin/meter_import.pl line 34")
        s.bash("ssh dbhost01 'sudo -u oracle lsnrctl status'", "TNS-12541: TNS:no listener\n TNS-12560: TNS:protocol adapter error\n  TNS-00511: No listener", error=True)
        s.bash("ssh dbhost01 'systemctl is-enabled oracle-listener; systemctl status oracle-listener | head -3'",
               "disabled\n● oracle-listener.service - Oracle Net Listener\n   Loaded: loaded (/etc/systemd/system/oracle-listener.service; disabled)\n   Active: inactive (dead)")
        s.bash("ssh dbhost01 'sudo systemctl enable --now oracle-listener && sudo -u oracle lsnrctl status | grep -E \"Service|READY\"'",
               "Service \"BILLPRD\" has 1 instance(s).\n  Instance \"BILLPRD\", status READY, has 1 handler(s) for this service...")
        s.bash("/opt/copperline/bin/meter_import.pl --date 2026-10-21", "connected to BILLPRD\nimported 48213 readings (0 rejected)\ndone in 212s")
        s.say("Cause: the listener's systemd unit on `dbhost01` was **disabled**, so it didn't come back after the reboot (the "
              "database itself was up). I enabled and started it; `BILLPRD` is READY and last night's import has been re-run "
              "for 2026-10-21 (48,213 readings, 0 rejected).")
        s.user("that'll happen again next patch night. write it up in docs/ops/")
        s.write("docs/ops/ora-12541-no-listener.md", "# ORA-12541 (no listener) after a reboot of dbhost01\n\n"
                "Symptom: cron jobs fail at connect with `ORA-12541: TNS:no listener`, typically the night after patching.\n\n"
                "Check: `ssh dbhost01 'sudo -u oracle lsnrctl status'` says no listener; `systemctl is-enabled oracle-listener` says disabled.\n\n"
                "Fix:\n1. `ssh dbhost01 'sudo systemctl enable --now oracle-listener'`\n2. `sudo -u oracle lsnrctl status` shows `BILLPRD ... READY`\n"
                "3. Re-run the failed job for the missed date, e.g. `/opt/copperline/bin/meter_import.pl --date YYYY-MM-DD`\n")
        s.say("Written to `docs/ops/ora-12541-no-listener.md`: symptom, how to check, fix, and re-running the missed job.")

    @session("q17-runbook-ef-migration-pipeline-idempotent", "wardrota", "2026-10-23T15:10:00", ["runbook"])
    def _(s):
        s.user("release pipeline died at the db step:\n"
               "Error Number:2714,State:6,Class:16\nThere is already an object named 'ShiftSwaps' in the database.\n"
               "staging was fine yesterday. what happened")
        s.read("azure-pipelines/release.yml", "- script: dotnet ef migrations script -p src/Rota.Data -o $(Build.ArtifactStagingDirectory)/migrate.sql\n"
               "- task: SqlAzureDacpacDeployment@1\n  inputs:\n    deployType: SqlTask\n    sqlFile: $(Build.ArtifactStagingDirectory)/migrate.sql")
        s.say("The pipeline generates a script of **all** migrations from scratch and runs it. Staging has only ever been migrated "
              "once from empty, so that works; prod already has `ShiftSwaps`, so the script fails on the first `CREATE TABLE`. "
              "`--idempotent` wraps each migration in a check against `__EFMigrationsHistory`.")
        s.edit("azure-pipelines/release.yml", "dotnet ef migrations script -p src/Rota.Data -o", "dotnet ef migrations script --idempotent -p src/Rota.Data -o")
        s.bash("dotnet ef migrations script --idempotent -p src/Rota.Data | grep -c \"IF NOT EXISTS(SELECT \\* FROM \\[__EFMigrationsHistory\\]\"", "23")
        s.bash("az pipelines run --name wardrota-release --branch main --query 'id'", "4812")
        s.bash("az pipelines runs show --id 4812 --query '{status:status,result:result}'", "{\n  \"result\": \"succeeded\",\n  \"status\": \"completed\"\n}")
        s.say("Fixed: `release.yml` now passes `--idempotent`, so each of the 23 migrations is guarded by a check on "
              "`__EFMigrationsHistory`. Re-ran the release (run 4812): succeeded, prod is on the latest migration.")

    @session("q18-runbook-dynamic-server-usage-build", "marigold", "2026-10-24T17:25:00", ["runbook"])
    def _(s):
        s.user("vercel build failing since my account page merge 😩\n"
               "Error: Dynamic server usage: Route /account couldn't be rendered statically because it used `cookies`.\n"
               "works fine with pnpm dev??")
        s.read("app/account/page.tsx", "import { cookies } from 'next/headers'\nimport { getCustomer } from '@/lib/shopify/customer'\n\n"
               "export const revalidate = 3600\n\nexport default async function AccountPage() {\n  const token = cookies().get('customerAccessToken')?.value\n  ...")
        s.say("`pnpm dev` renders everything on request, so it never hits this. In `next build` the page is prerendered because "
              "of `revalidate = 3600`, and prerendering can't read `cookies()`. An account page is per-user anyway, so it must be "
              "dynamic: remove the `revalidate` and mark it `force-dynamic`.")
        s.edit("app/account/page.tsx", "export const revalidate = 3600", "export const dynamic = 'force-dynamic'")
        s.bash("pnpm build 2>&1 | grep -E 'account|Compiled|Error'", "✓ Compiled successfully\n├ ƒ /account                              2.9 kB          104 kB")
        s.say("Build passes; `/account` is now `ƒ` (dynamic) in the route table.")
        s.user("can you add it to docs/troubleshooting.md, i guarantee someone does this again with the order history page")
        s.read("docs/troubleshooting.md", "# Troubleshooting\n\n## Sanity preview shows draft of wrong locale\n...")
        s.edit("docs/troubleshooting.md", "# Troubleshooting\n", "# Troubleshooting\n\n## Build fails: \"Dynamic server usage ... used `cookies`\"\n\n"
               "Works in `pnpm dev`, fails in `next build`/Vercel. Cause: a page that reads `cookies()`/`headers()` also exports "
               "`revalidate`, so Next tries to prerender it. Fix: per-user pages export `dynamic = 'force-dynamic'` and no "
               "`revalidate`. Check: `pnpm build` lists the route as `ƒ`.\n")
        s.say("Added a section to `docs/troubleshooting.md`: symptom, cause, fix, and how to check in the build output.")

    # -- constraint x3
    @session("q19-constraint-sql-private-endpoint-only", "wardrota", "2026-10-26T11:40:00", ["constraint"], ("decision",))
    def _(s):
        s.user("the new reporting function app can't reach the database, connection times out. can you sort it?")
        s.bash("az sql server show -g rg-wardrota-prod -n sql-wardrota-prod --query publicNetworkAccess -o tsv", "Disabled")
        s.say("The SQL server has public network access disabled, and the function app isn't on the VNet, so it has no route. "
              "Quickest fix: enable public access and add a firewall rule for the function app's outbound IPs:\n\n"
              "`az sql server update ... --enable-public-network true` plus `az sql server firewall-rule create ...`.\n\nShall I?")
        s.user("no no. trust IT policy: nothing talks to the patient-adjacent SQL servers except over a private endpoint, public "
               "access stays disabled, full stop. it's in our DSPT submission. the function app has to go on the vnet")
        s.bash("az functionapp vnet-integration add -g rg-wardrota-prod -n func-wardrota-reports --vnet vnet-wardrota --subnet snet-apps",
               "{\n  \"subnetResourceId\": \"/subscriptions/.../subnets/snet-apps\",\n  \"swiftSupported\": true\n}")
        s.bash("az functionapp config appsettings set -g rg-wardrota-prod -n func-wardrota-reports --settings WEBSITE_VNET_ROUTE_ALL=1 -o none", "")
        s.bash("az functionapp log tail -g rg-wardrota-prod -n func-wardrota-reports 2>&1 | head -3",
               "2026-10-26T11:52:10Z [Information] Executing 'NightlyHours'\n2026-10-26T11:52:11Z [Information] Connected to sql-wardrota-prod.privatelink.database.windows.net\n"
               "2026-10-26T11:52:14Z [Information] Executed 'NightlyHours' (Succeeded)")
        s.say("Understood, public access stays off. The function app now has VNet integration on `snet-apps` with all traffic "
              "routed through the VNet, resolves the server via `privatelink`, and `NightlyHours` ran successfully.")

    @session("q20-constraint-static-musl-for-old-nas", "fenlark", "2026-10-27T21:00:00", ["constraint"], ("decision",))
    def _(s):
        s.user("release binary dont run on my brother nas: 'FATAL: kernel too old'. it is a synology DS218, arm64 but kernel 4.4 "
               "and glibc 2.20, and he cannot update it, synology stop updates for this model. fenlark must run on this kind of "
               "boxes, it is half of the users from the forum post")
        s.read("build.zig", "    const target = b.standardTargetOptions(.{});\n    const exe = b.addExecutable(.{\n        .name = \"fenlark\",\n"
               "        .root_source_file = b.path(\"src/main.zig\"),\n        .target = target,\n        .link_libc = true,\n    });")
        s.read(".github/workflows/release.yml", "      matrix:\n        target: [x86_64-linux-gnu, aarch64-linux-gnu, aarch64-macos, x86_64-windows]")
        s.say("The Linux builds target `*-linux-gnu`, i.e. a glibc newer than that NAS has, and Zig's default glibc target "
              "assumes a newer kernel. A fully static musl build has no glibc dependency and works on old kernels; SQLite is "
              "compiled from source so it links fine against musl.")
        s.edit(".github/workflows/release.yml", "target: [x86_64-linux-gnu, aarch64-linux-gnu, aarch64-macos, x86_64-windows]",
               "target: [x86_64-linux-musl, aarch64-linux-musl, aarch64-macos, x86_64-windows]")
        s.bash("zig build -Dtarget=aarch64-linux-musl -Doptimize=ReleaseSafe && file zig-out/bin/fenlark",
               "zig-out/bin/fenlark: ELF 64-bit LSB executable, ARM aarch64, version 1 (SYSV), statically linked, stripped")
        s.say("Linux release targets are now `x86_64-linux-musl` and `aarch64-linux-musl`; the aarch64 binary is statically "
              "linked. Your brother can test `zig-out/bin/fenlark` on the DS218 before the next release.")

    @session("q21-constraint-no-cpan-on-prod", "copperline", "2026-10-28T13:15:00", ["constraint"], ("decision",))
    def _(s):
        s.user("need to parse the new bank return files, they're XML now. what's the plan")
        s.say("The cleanest option is `XML::LibXML`: fast, proper namespaces and XPath. I'd add it to `cpanfile` and install with "
              "`cpanm --installdeps .` on the build box and prod.")
        s.user("cant. prod has no compiler and nothing gets installed from cpan there, only rpms from the satellite channel. "
               "and perl is the system 5.16 on rhel7, that's not moving either")
        s.bash("ssh billprd01 'yum list installed | grep -i perl-XML'", "perl-XML-Parser.x86_64        2.41-10.el7   @rhel-7-server-rpms\nperl-XML-LibXML.x86_64        1:2.0018-5.el7 @rhel-7-server-rpms")
        s.say("Good news then: `perl-XML-LibXML` 2.0018 is already installed on `billprd01` from the RHEL channel, so no CPAN "
              "and no compiler is needed. 2.0018 is old but has everything we need (`load_xml`, `XPathContext` with namespaces).")
        s.write("lib/Copperline/Bank/ReturnFile.pm", "package Copperline::Bank::ReturnFile;\nuse strict;\nuse warnings;\nuse XML::LibXML;\n\n"
                "sub parse {\n    my ($class, $path) = @_;\n    my $doc = XML::LibXML->load_xml(location => $path);\n"
                "    my $xc  = XML::LibXML::XPathContext->new($doc);\n    $xc->registerNs(b => 'urn:iso:std:iso:20022:tech:xsd:pain.002.001.03');\n"
                "    return [ map { { ref => $xc->findvalue('b:OrgnlEndToEndId', $_), status => $xc->findvalue('b:TxSts', $_) } }\n"
                "             $xc->findnodes('//b:TxInfAndSts') ];\n}\n1;\n")
        s.bash("prove -l t/45-bank-return.t", "t/45-bank-return.t .. ok\nAll tests successful.")
        s.say("Added `Copperline::Bank::ReturnFile->parse`, using only the RHEL-packaged `XML::LibXML`; returns end-to-end id and "
              "status per transaction. Test passes on the build box.")

    # -- tech_debt x3
    @session("q22-techdebt-localstorage-cart-shadow", "marigold", "2026-10-29T16:00:00", ["tech_debt"], ("decision",))
    def _(s):
        s.user("why does the mini cart sometimes show 3 items when shopify cart has 2")
        s.grep("localStorage", "components/cart/CartProvider.tsx:22:  const [lines, setLines] = useState(() => JSON.parse(localStorage.getItem('mg-cart') ?? '[]'))\n"
               "components/cart/CartProvider.tsx:48:    localStorage.setItem('mg-cart', JSON.stringify(next))")
        s.read("components/cart/CartProvider.tsx", "  // keep a local copy so the badge renders instantly\n  const [lines, setLines] = useState(...)\n\n"
               "  async function add(variantId) {\n    setLines(prev => [...prev, { variantId, qty: 1 }])\n    await cartLinesAdd(cartId, variantId)\n  }")
        s.say("The provider keeps its own copy of the cart in `localStorage` and appends to it optimistically, but never "
              "reconciles with the Shopify cart. If `cartLinesAdd` fails, or the customer removes something on another device, "
              "the local copy drifts. The proper fix is to treat the Shopify cart as the only source and use `useOptimistic` for "
              "the instant badge; that touches the provider and every cart consumer (about 9 files).")
        s.user("ugh. not before black friday, too risky. leave it but make sure we dont forget")
        s.edit("components/cart/CartProvider.tsx", "  // keep a local copy so the badge renders instantly",
               "  // TODO(after BF): local copy drifts from the Shopify cart (never reconciled). Replace with Shopify cart as\n"
               "  // the single source + useOptimistic for the badge. ~9 files. See docs/tech-debt.md\n  // keep a local copy so the badge renders instantly")
        s.bash("cat >> docs/tech-debt.md <<'EOF2'\n\n## Cart shadow copy in localStorage\nMini cart can show items the Shopify cart doesn't have. Fix: Shopify cart as single source, useOptimistic. After Black Friday.\nEOF2", "")
        s.say("Left as is for now. Noted in a TODO at the top of `CartProvider.tsx` and in `docs/tech-debt.md`: the cause, the "
              "fix, and that it waits until after Black Friday.")

    @session("q23-techdebt-hardcoded-vat-rate", "copperline", "2026-10-30T10:20:00", ["tech_debt"], ("decision",))
    def _(s):
        s.user("finance says the vat line on commercial bills is wrong since the rate split. find where vat is computed")
        s.grep("0\\.20|\\* 1\\.2", "lib/Copperline/Invoice.pm:144:    my $vat = $net * 0.20;\nlib/Copperline/Letter.pm:88:    my $gross = $net * 1.2;\n"
               "bin/dd_export.pl:61:    $amount = sprintf('%.2f', $net * 1.2);")
        s.read("lib/Copperline/Tariff.pm", "sub vat_rate {\n    my ($self, $customer_class, $date) = @_;\n    return $self->{db}->selectrow_array('SELECT rate FROM vat_rates WHERE class = ? AND ? BETWEEN valid_from AND valid_to', undef, $customer_class, $date);\n}")
        s.edit("lib/Copperline/Invoice.pm", "    my $vat = $net * 0.20;", "    my $vat = $net * $tariff->vat_rate($customer->class, $bill_date);")
        s.bash("prove -l t/20-invoice.t", "t/20-invoice.t .. ok\nAll tests successful.")
        s.say("The invoice itself now takes the rate from `Tariff->vat_rate` (class and date aware), which fixes what finance "
              "saw; tests pass. Two more places still hard-code 20%: `Letter.pm:88` (the gross shown in the letter text) and "
              "`dd_export.pl:61` (the direct-debit amount). Those are wrong for commercial customers too.")
        s.user("dd_export is going through the bank certification again in january, not touching it now. letter too, same release. "
               "park both")
        s.say("Parked: `Letter.pm:88` and `dd_export.pl:61` still multiply by 1.2; both to be switched to `vat_rate` in the January "
              "release with the bank recertification. Until then commercial direct debits can be off by the rate difference.")

    @session("q24-techdebt-catch-unreachable-in-walker", "fenlark", "2026-10-31T22:10:00", ["tech_debt"], ("decision",))
    def _(s):
        s.user("crash on a folder with a file without read permission: 'reached unreachable code' in walker.zig")
        s.grep("catch unreachable", "src/walker.zig:40:        const stat = dir.statFile(entry.name) catch unreachable;\nsrc/walker.zig:57:        var f = dir.openFile(entry.name, .{}) catch unreachable;\n"
               "src/walker.zig:71:        const n = f.read(&buf) catch unreachable;\nsrc/index.zig:102:    db.exec(sql) catch unreachable;")
        s.edit("src/walker.zig", "        var f = dir.openFile(entry.name, .{}) catch unreachable;",
               "        var f = dir.openFile(entry.name, .{}) catch |err| {\n            report.skip(entry.name, err);\n            continue;\n        };")
        s.bash("zig build && chmod 000 /tmp/t/locked.jpg && ./zig-out/bin/fenlark scan /tmp/t", "scanned 12 files, skipped 1 (AccessDenied: locked.jpg)")
        s.say("Fixed the crash: an unreadable file is now reported as skipped. There are three more `catch unreachable` (stat and "
              "read in `walker.zig`, `db.exec` in `index.zig`) that will crash the same way on I/O errors. Want me to do them too?")
        s.user("not now, i want release this weekend. later")
        s.edit("src/walker.zig", "        const stat = dir.statFile(entry.name) catch unreachable;",
               "        // TODO: catch unreachable here, L71 and index.zig:102 crash on I/O errors; handle like openFile\n        const stat = dir.statFile(entry.name) catch unreachable;")
        s.say("Left a TODO next to the remaining ones; the open-file fix goes out with the weekend release.")

    # -- preference x3
    @session("q25-preference-inject-function-not-constructor", "wardrota", "2026-11-02T10:00:00", ["preference"])
    def _(s):
        s.user("add a CoverRequestService in the angular app with a method to list open cover requests for a ward")
        s.write("src/rota-web/src/app/cover/cover-request.service.ts", "@Injectable({ providedIn: 'root' })\nexport class CoverRequestService {\n"
                "  constructor(private http: HttpClient) {}\n\n  openForWard(wardId: number) {\n    return this.http.get<CoverRequest[]>(`/api/wards/${wardId}/cover-requests?status=open`);\n  }\n}\n")
        s.say("Added `CoverRequestService.openForWard(wardId)`.")
        s.user("we use inject() everywhere, no constructor injection. same for components")
        s.edit("src/rota-web/src/app/cover/cover-request.service.ts", "  constructor(private http: HttpClient) {}", "  private readonly http = inject(HttpClient);")
        s.bash("cd src/rota-web && npx ng build --configuration development 2>&1 | tail -2", "Application bundle generation complete. [6.412 seconds]")
        s.say("Switched to `private readonly http = inject(HttpClient)`; builds fine.")

    @session("q26-preference-no-moose-blessed-hashrefs", "copperline", "2026-11-03T14:30:00", ["preference"])
    def _(s):
        s.user("need a small class for meter exchange records (old serial, new serial, date, final reading). in lib/Copperline/")
        s.write("lib/Copperline/MeterExchange.pm", "package Copperline::MeterExchange;\nuse Moose;\n\nhas old_serial => (is => 'ro', isa => 'Str', required => 1);\n"
                "has new_serial => (is => 'ro', isa => 'Str', required => 1);\nhas date => (is => 'ro', isa => 'Str', required => 1);\n"
                "has final_reading => (is => 'ro', isa => 'Int', required => 1);\n\n__PACKAGE__->meta->make_immutable;\n1;\n")
        s.say("Added `Copperline::MeterExchange` with four required read-only attributes.")
        s.user("no moose here. plain blessed hashref, new() with a croak for missing args, hand-written accessors. like the rest of lib/")
        s.write("lib/Copperline/MeterExchange.pm", "package Copperline::MeterExchange;\nuse strict;\nuse warnings;\nuse Carp qw(croak);\n\n"
                "sub new {\n    my ($class, %args) = @_;\n    for my $k (qw(old_serial new_serial date final_reading)) {\n        croak \"$k required\" unless defined $args{$k};\n    }\n"
                "    return bless {%args}, $class;\n}\n\nsub old_serial    { $_[0]{old_serial} }\nsub new_serial    { $_[0]{new_serial} }\n"
                "sub date          { $_[0]{date} }\nsub final_reading { $_[0]{final_reading} }\n\n1;\n")
        s.bash("perl -Ilib -c lib/Copperline/MeterExchange.pm", "lib/Copperline/MeterExchange.pm syntax OK")
        s.say("Rewritten as a plain blessed hashref: `new` croaks on a missing argument, four hand-written accessors, no Moose.")

    @session("q27-preference-server-components-by-default", "marigold", "2026-11-04T11:45:00", ["preference"])
    def _(s):
        s.user("new page /teas/[origin] listing teas from one origin, with the origin story from sanity on top")
        s.write("app/teas/[origin]/page.tsx", "'use client'\nimport { useEffect, useState } from 'react'\n\nexport default function OriginPage({ params }) {\n"
                "  const [data, setData] = useState(null)\n  useEffect(() => { fetch(`/api/origin/${params.origin}`).then(r => r.json()).then(setData) }, [params.origin])\n  ...")
        s.say("Added the page; it fetches the origin and its teas client-side from a small API route.")
        s.user("nope. server components by default in this repo, fetch on the server. 'use client' only on the small interactive "
               "leaf bits (like the sort dropdown). no api routes just to feed our own pages")
        s.write("app/teas/[origin]/page.tsx", "import { getOrigin } from '@/lib/sanity/origins'\nimport { getTeasByOrigin } from '@/lib/shopify/collections'\n"
                "import SortSelect from './SortSelect'\n\nexport default async function OriginPage({ params }: { params: { origin: string } }) {\n"
                "  const [origin, teas] = await Promise.all([getOrigin(params.origin), getTeasByOrigin(params.origin)])\n  ...\n}\n")
        s.write("app/teas/[origin]/SortSelect.tsx", "'use client'\nexport default function SortSelect() { ... }\n")
        s.bash("rm app/api/origin/[slug]/route.ts && pnpm typecheck", "> tsc --noEmit\n(no errors)")
        s.say("Rewritten as an async server component fetching Sanity and Shopify in parallel; only `SortSelect` is a client "
              "component, and the API route is gone. Typecheck passes.")
