"""Seventh held-out set: sessions not in English (q37-q48). User and assistant write in the language;
identifiers, commands and output stay as they are."""


def register(session):
    @session("q37-es-decision-signalstore-for-leave", "wardrota", "2026-11-16T08:40:00", ["decision"])
    def _(s):
        s.user("Para el módulo nuevo de permisos (leave) en Angular, ¿seguimos con el store clásico de NgRx (actions, reducers, "
               "effects) como en rota/, o probamos el SignalStore de @ngrx/signals? Es un módulo pequeño, 3 pantallas.")
        s.bash("cd src/rota-web && npm ls @ngrx/store @ngrx/signals 2>/dev/null", "rota-web@2.4.0\n├── @ngrx/signals@17.2.0\n└── @ngrx/store@17.2.0")
        s.grep("createReducer", "src/rota-web/src/app/rota/state/rota.reducer.ts:9:export const rotaReducer = createReducer(\nsrc/rota-web/src/app/cover/state/cover.reducer.ts:7:export const coverReducer = createReducer(")
        s.say("Las dos ya están instaladas (17.2).\n\n- **Store clásico**: igual que `rota/` y `cover/`, DevTools con historial de "
              "acciones, pero para 3 pantallas son unos 6 ficheros de boilerplate (actions, reducer, selectors, effects...).\n"
              "- **SignalStore**: un solo fichero con `withState`, `withComputed`, `withMethods` y `rxMethod` para las llamadas HTTP; "
              "encaja con los componentes que ya usan signals. Estado local al módulo, sin pasar por el store global.\n\n"
              "El único coste es tener dos estilos en el repo.")
        s.user("Vale, SignalStore. Para algo tan pequeño el clásico es demasiado, y lo nuevo que hagamos irá por ahí.")
        s.write("src/rota-web/src/app/leave/leave.store.ts", "export const LeaveStore = signalStore(\n  withState<LeaveState>({ requests: [], loading: false }),\n"
                "  withComputed(({ requests }) => ({ pending: computed(() => requests().filter(r => r.status === 'pending')) })),\n"
                "  withMethods((store, api = inject(LeaveApi)) => ({\n    load: rxMethod<number>(pipe(\n      tap(() => patchState(store, { loading: true })),\n"
                "      switchMap(staffId => api.list(staffId).pipe(tapResponse({ next: requests => patchState(store, { requests, loading: false }), error: console.error })))\n    ))\n  }))\n);\n")
        s.bash("cd src/rota-web && npx ng build --configuration development 2>&1 | tail -1", "Application bundle generation complete. [6.980 seconds]")
        s.say("Creado `leave.store.ts` con SignalStore: estado `requests`/`loading`, `pending` calculado y `load(staffId)`. Compila.")

    @session("q38-de-runbook-slot-swap-warmup-401", "wardrota", "2026-11-17T07:15:00", ["runbook"])
    def _(s):
        s.user("Der Slot-Swap von staging nach production bricht seit gestern ab: \"Swap failed: the site failed to warm up, "
               "status code 401\". Deployment auf den staging-Slot selbst ist grün. Was ist da los?")
        s.bash("az webapp config show -g rg-wardrota-prod -n app-wardrota-api --slot staging --query 'healthCheckPath' -o tsv", "/api/health")
        s.bash("az webapp config appsettings list -g rg-wardrota-prod -n app-wardrota-api --slot staging --query \"[?name=='WEBSITE_SWAP_WARMUP_PING_PATH'].value\" -o tsv", "/api/health")
        s.grep("MapHealthChecks", "src/Rota.Api/Program.cs:58:app.MapHealthChecks(\"/api/health\").RequireAuthorization();")
        s.say("Der Warm-up-Ping beim Swap ruft `/api/health` ohne Token auf. Seit gestrigem Merge hängt an `MapHealthChecks` ein "
              "`RequireAuthorization()` (vermutlich aus dem globalen Auth-Refactoring), also bekommt der Ping 401 und der Swap "
              "bricht ab. Der Health-Endpoint muss anonym erreichbar sein; er gibt nur Healthy/Unhealthy zurück.")
        s.edit("src/Rota.Api/Program.cs", "app.MapHealthChecks(\"/api/health\").RequireAuthorization();", "app.MapHealthChecks(\"/api/health\").AllowAnonymous(); // Swap-Warm-up und App-Service-Health-Check rufen ohne Token auf")
        s.bash("az pipelines run --name wardrota-api --branch main --query id && sleep 420 && az webapp deployment slot swap -g rg-wardrota-prod -n app-wardrota-api --slot staging --target-slot production",
               "4877\n{\n  \"status\": \"Succeeded\"\n}")
        s.say("Behoben: `/api/health` ist wieder anonym, neues Deployment auf staging (Run 4877), Swap nach production erfolgreich.")
        s.user("Danke. Schreib das bitte in docs/betrieb/, das passiert beim nächsten Auth-Umbau garantiert wieder.")
        s.write("docs/betrieb/slot-swap-warmup-401.md", "# Slot-Swap bricht ab: \"failed to warm up, status code 401\"\n\n"
                "**Symptom:** `az webapp deployment slot swap` bzw. der Swap-Schritt der Release-Pipeline scheitert mit Warm-up-Status 401; "
                "das Deployment auf den staging-Slot war grün.\n\n**Ursache:** Der Warm-up-Ping (`WEBSITE_SWAP_WARMUP_PING_PATH=/api/health`) "
                "kommt ohne Token. Ist der Health-Endpoint hinter Autorisierung, antwortet er 401.\n\n**Prüfen:** `curl -i https://app-wardrota-api-staging.azurewebsites.net/api/health` "
                "muss 200 liefern, ohne Header.\n\n**Beheben:** In `Program.cs` `MapHealthChecks(\"/api/health\").AllowAnonymous()`, neu deployen, Swap wiederholen.\n")
        s.say("Steht in `docs/betrieb/slot-swap-warmup-401.md`: Symptom, Ursache, Prüfung mit `curl`, Behebung.")

    @session("q39-fr-constraint-cnil-no-tracking-before-consent", "marigold", "2026-11-18T10:30:00", ["constraint"], ("decision",))
    def _(s):
        s.user("Il faut ajouter GA4 sur le site, le marketing veut voir les conversions avant le Black Friday.")
        s.edit("app/layout.tsx", "      <body className={inter.className}>", "      <body className={inter.className}>\n        <GoogleAnalytics gaId=\"G-MGT4X7Q2\" />")
        s.say("J'ai ajouté `<GoogleAnalytics>` de `@next/third-parties` dans le layout racine ; il se charge sur toutes les pages.")
        s.user("Attention, on vend en France : pour la CNIL, aucun cookie ou traceur de mesure d'audience non exempté ne doit être "
               "déposé avant le consentement, et le bouton « Refuser » doit être aussi visible que « Accepter ». GA4 n'est pas "
               "exempté. Donc rien de Google ne se charge tant que la personne n'a pas accepté.")
        s.read("components/consent/ConsentBanner.tsx", "export function ConsentBanner() {\n  const [choice, setChoice] = useConsent()\n  ...\n"
               "      <button onClick={() => setChoice('accepted')} className=\"btn-primary\">Accepter</button>\n      <a href=\"/cookies\" className=\"text-xs underline\">Personnaliser</a>")
        s.write("components/consent/Analytics.tsx", "'use client'\nimport { GoogleAnalytics } from '@next/third-parties/google'\nimport { useConsent } from './useConsent'\n\n"
                "export function Analytics() {\n  const [choice] = useConsent()\n  return choice === 'accepted' ? <GoogleAnalytics gaId=\"G-MGT4X7Q2\" /> : null\n}\n")
        s.edit("app/layout.tsx", "        <GoogleAnalytics gaId=\"G-MGT4X7Q2\" />", "        <Analytics />")
        s.edit("components/consent/ConsentBanner.tsx", "      <a href=\"/cookies\" className=\"text-xs underline\">Personnaliser</a>",
               "      <button onClick={() => setChoice('refused')} className=\"btn-primary\">Refuser</button>\n      <a href=\"/cookies\" className=\"text-xs underline\">Personnaliser</a>")
        s.say("Corrigé : GA4 n'est rendu que si le consentement vaut `accepted` (rien n'est chargé avant), et le bandeau a "
              "maintenant un bouton « Refuser » du même style que « Accepter ». Tu peux vérifier dans l'onglet Réseau : aucune "
              "requête vers `googletagmanager.com` avant d'avoir cliqué sur « Accepter ».")

    @session("q40-pt-techdebt-price-formatting-duplicated", "marigold", "2026-11-19T15:00:00", ["tech_debt"], ("decision",))
    def _(s):
        s.user("cliente reclamou que no carrinho o chá aparece R$ 42,9 e na página do produto R$ 42,90. qual é o problema?")
        s.grep("toFixed|Intl.NumberFormat|formatPrice", "components/cart/CartLine.tsx:31:  {currency} {(line.cost.amount * 1).toFixed(1)}\n"
               "components/product/Price.tsx:12:  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount)\n"
               "components/search/Hit.tsx:19:  `${hit.price} ${hit.currency}`\ncomponents/cart/MiniCart.tsx:44:  {formatPrice(subtotal)}\n"
               "lib/format.ts:3:export function formatPrice(m: Money) {\nemails/OrderConfirmation.tsx:58:  R$ {order.total.toString().replace('.', ',')}")
        s.say("A formatação de preço está espalhada em pelo menos seis lugares, cada um do seu jeito. O bug do carrinho vem de "
              "`CartLine.tsx`, que usa `toFixed(1)`. Corrijo esse agora usando o `formatPrice` de `lib/format.ts` (que já usa "
              "`Intl.NumberFormat`).")
        s.edit("components/cart/CartLine.tsx", "  {currency} {(line.cost.amount * 1).toFixed(1)}", "  {formatPrice(line.cost)}")
        s.bash("pnpm exec playwright test e2e/cart.spec.ts 2>&1 | tail -1", "  3 passed (11.4s)")
        s.say("Carrinho corrigido (`R$ 42,90`), testes do carrinho passam. Sobram `Hit.tsx` (busca), `OrderConfirmation.tsx` "
              "(e-mail) e mais um ou dois que não usam `formatPrice`; o ideal seria todos passarem por ele, com um teste por locale.")
        s.user("deixa pra depois da Black Friday, não quero mexer no e-mail de pedido agora. só anota")
        s.edit("docs/tech-debt.md", "## Cart shadow copy in localStorage", "## Formatação de preço duplicada\nHit.tsx, OrderConfirmation.tsx e outros formatam preço na mão "
               "(vírgula, casas decimais erradas). Tudo deve passar por lib/format.ts formatPrice + teste por locale. Depois da Black Friday.\n\n## Cart shadow copy in localStorage")
        s.say("Anotado em `docs/tech-debt.md`: quais arquivos, a correção proposta e que fica para depois da Black Friday.")

    @session("q41-ja-preference-log4perl-not-print-stderr", "copperline", "2026-11-20T01:30:00", ["preference"])
    def _(s):
        s.user("meter_import.pl で、却下した検針値の件数を最後に出力してください。")
        s.edit("bin/meter_import.pl", "$log->info(\"imported $ok readings\");", "$log->info(\"imported $ok readings\");\nprint STDERR \"rejected: $rejected\\n\";")
        s.bash("perl -Ilib bin/meter_import.pl --date 2026-11-19 --dry-run 2>&1 | tail -2", "imported 48190 readings\nrejected: 23")
        s.say("最後に却下件数を出すようにしました（例: `rejected: 23`）。")
        s.user("print STDERR は使わないでください。このリポジトリでは出力は全部 Log::Log4perl の $log 経由です。cron のメールもログファイルもそこから来ているので。")
        s.edit("bin/meter_import.pl", "print STDERR \"rejected: $rejected\\n\";", "$log->warn(\"rejected $rejected readings\") if $rejected;")
        s.bash("perl -Ilib bin/meter_import.pl --date 2026-11-19 --dry-run && tail -2 /var/log/copperline/meter_import.log",
               "2026/11/20 01:34:10 INFO  imported 48190 readings\n2026/11/20 01:34:10 WARN  rejected 23 readings")
        s.say("`$log->warn` に変更しました。却下が 0 件でなければログファイルに WARN として出ます。")

    @session("q42-zh-constraint-bank-file-ascii-fixed-width", "copperline", "2026-11-20T06:45:00", ["constraint"], ("decision", "runbook"))
    def _(s):
        s.user("银行退回了今天的代扣文件，说第 1832 行格式不对。能看一下吗？")
        s.bash("sed -n '1832p' /var/spool/copperline/dd/DD20261119.txt | od -c | head -3",
               "0000000   2   0   4   4   1   7   3   8   2   0   1   M   c   C   a   r   t   h   y\n0000020   S   i   n   é   a   d ...", )
        s.bash("awk '{ print length($0) }' /var/spool/copperline/dd/DD20261119.txt | sort | uniq -c", "   4111 120\n      1 121")
        s.say("第 1832 行户名里有 `é`（UTF-8 占两个字节），所以这一行是 121 字节，别的都是 120。")
        s.user("对。银行的规定是：文件只能是 ASCII，每行正好 120 字节，户名字段 18 位，不够补空格，超了截断。这是他们的格式规范，我们改不了。"
               "以前没出事是因为客户名字里很少有重音字母。")
        s.read("lib/Copperline/Bank/DDFile.pm", "sub line {\n    my ($r) = @_;\n    return sprintf('%-8s%-8s%-18s%011d%s', $r->{sort_code}, $r->{account}, $r->{name}, $r->{pence}, ' ' x 75);\n}")
        s.edit("lib/Copperline/Bank/DDFile.pm", "sub line {\n    my ($r) = @_;",
               "use Text::Unidecode qw(unidecode);\n\n# Bank spec: ASCII only, exactly 120 bytes per line, name field 18 chars (pad / truncate).\nsub line {\n    my ($r) = @_;\n"
               "    my $name = substr(unidecode($r->{name}) =~ s/[^\\x20-\\x7E]/?/gr, 0, 18);")
        s.edit("lib/Copperline/Bank/DDFile.pm", "$r->{account}, $r->{name}, $r->{pence}", "$r->{account}, $name, $r->{pence}")
        s.bash("ssh billprd01 'rpm -q perl-Text-Unidecode' && prove -l t/40-direct-debit.t && perl -Ilib bin/dd_export.pl --date 2026-11-19 --regenerate --check-only",
               "perl-Text-Unidecode-0.04-20.el7.noarch\nt/40-direct-debit.t .. ok\nAll tests successful.\nDD20261119.txt: 4112 lines, all 120 bytes, ASCII only")
        s.say("已修改：户名先用 `Text::Unidecode` 转成 ASCII（`Sinéad` → `Sinead`），再截到 18 位；`Text::Unidecode` 在生产机上有 RHEL 的 rpm。"
              "重新生成的文件 4112 行，全部 120 字节、纯 ASCII，可以重新发送。")

    @session("q43-ko-decision-keep-copy-by-path-priority", "fenlark", "2026-11-21T21:00:00", ["decision"])
    def _(s):
        s.user("중복 사진이 있을 때 어떤 사본을 남길지 정해야 해요. 지금은 그냥 먼저 스캔된 걸 남기는데, 사용자들이 불만이 많아요. 선택지 좀 정리해 주세요.")
        s.grep("keep", "src/dedup.zig:44:    // keep the first one we saw\nsrc/dedup.zig:45:    const keep = group.items[0];")
        s.say("세 가지 정도가 있습니다.\n\n1. **가장 오래된 mtime**: 보통 원본이지만, 복사 도구가 mtime을 바꾸는 경우가 많아서 믿기 어렵습니다.\n"
              "2. **경로 우선순위 목록**: 설정에 `prefer = [\"/photos/originals\", \"/photos/phone-backup\"]`처럼 두고, 앞에 있는 경로의 사본을 남김. "
              "목록에 없으면 경로가 짧은 쪽.\n3. **EXIF 정보가 가장 많은 사본**: 정확하지만 매번 EXIF를 읽어야 해서 느립니다.")
        s.user("2번으로 가자. 사용자가 직접 정할 수 있는 게 제일 중요하고, mtime은 못 믿어요.")
        s.edit("src/dedup.zig", "    // keep the first one we saw\n    const keep = group.items[0];", "    const keep = pickByPriority(group.items, cfg.prefer);")
        s.write("src/priority.zig", "/// The copy under the earliest `prefer` prefix wins; outside all prefixes, the shortest path wins.\npub fn pickByPriority(items: []const File, prefer: []const []const u8) File {\n"
                "    var best = items[0];\n    for (items[1..]) |f| {\n        if (rank(f.path, prefer) < rank(best.path, prefer) or\n"
                "            (rank(f.path, prefer) == rank(best.path, prefer) and f.path.len < best.path.len)) best = f;\n    }\n    return best;\n}\n")
        s.bash("zig build test", "All 49 tests passed.")
        s.say("`prefer` 목록 기준으로 바꿨습니다. 목록의 앞쪽 경로가 이기고, 목록 밖이면 짧은 경로가 이깁니다. 테스트 통과.")

    @session("q44-es-long-ng-build-oom-standalone-pref", "wardrota", "2026-11-22T09:00:00",
             ["session_summary", "runbook", "preference"], ("decision", "tech_debt"))
    def _(s):
        s.user("La pipeline del front falla desde ayer en el paso de build:\n"
               "<--- Last few GCs --->\nFATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n"
               "En mi máquina compila bien. Y ya que estamos, quiero pasar el módulo de informes (reports/) a standalone, que es lo único que queda con NgModule.")
        s.work([
            ("read", "azure-pipelines/web.yml", "pool:\n  vmImage: ubuntu-latest\nsteps:\n  - task: NodeTool@0\n    inputs:\n      versionSpec: '20.x'\n  - script: npm ci && npx ng build --configuration production\n    workingDirectory: src/rota-web"),
            ("bash", "az pipelines runs list --pipeline-ids 31 --top 4 --query \"[].{id:id,result:result,finish:finishTime}\" -o table",
             "Id    Result     Finish\n----  ---------  --------------------\n4901  failed     2026-11-22T07:12:40Z\n4893  failed     2026-11-21T16:03:11Z\n4880  succeeded  2026-11-20T15:40:02Z\n4871  succeeded  2026-11-20T09:12:55Z"),
            ("bash", "git log --oneline 4880..HEAD -- src/rota-web | head", "a91f0c2 reports: add staffing heatmap (echarts)\n7c2d1e0 bump angular 17.3"),
            ("bash", "cd src/rota-web && /usr/bin/time -v npx ng build --configuration production 2>&1 | grep -E 'Maximum resident|Elapsed'",
             "\tElapsed (wall clock) time (h:mm:ss or m:ss): 1:52.31\n\tMaximum resident set size (kbytes): 4381220"),
            ("bash", "node -e 'console.log(v8.getHeapStatistics().heap_size_limit/1024/1024)'", "4144", "Comparo con el límite de heap por defecto de Node en la imagen del agente."),
            ("grep", "echarts", "src/rota-web/src/app/reports/heatmap/heatmap.component.ts:3:import * as echarts from 'echarts';"),
        ])
        s.say("Desde el commit del heatmap, el build de producción usa unos 4,2 GB: `import * as echarts from 'echarts'` mete "
              "la librería entera y el optimizador se queda sin heap en el agente (límite por defecto ~4 GB; tu máquina tiene "
              "más memoria y Node se lo da). Dos arreglos: importar solo lo que usa el heatmap (`echarts/core` + `HeatmapChart` + "
              "`CanvasRenderer`), y subir el heap del build en la pipeline como margen.")
        s.work([
            ("edit", "src/rota-web/src/app/reports/heatmap/heatmap.component.ts", "import * as echarts from 'echarts';",
             "import * as echarts from 'echarts/core';\nimport { HeatmapChart } from 'echarts/charts';\nimport { GridComponent, VisualMapComponent, TooltipComponent } from 'echarts/components';\n"
             "import { CanvasRenderer } from 'echarts/renderers';\n\necharts.use([HeatmapChart, GridComponent, VisualMapComponent, TooltipComponent, CanvasRenderer]);"),
            ("edit", "azure-pipelines/web.yml", "  - script: npm ci && npx ng build --configuration production", "  - script: npm ci && npx ng build --configuration production\n    env:\n      NODE_OPTIONS: --max-old-space-size=6144"),
            ("bash", "cd src/rota-web && /usr/bin/time -v npx ng build --configuration production 2>&1 | grep -E 'Maximum resident|reports|Elapsed'",
             "chunk-reports-heatmap.js | reports-heatmap | 312.4 kB\n\tElapsed (wall clock) time (h:mm:ss or m:ss): 1:09.80\n\tMaximum resident set size (kbytes): 2210544"),
            ("read", "src/rota-web/src/app/reports/reports.module.ts", "@NgModule({\n  declarations: [ReportsShellComponent, HoursReportComponent, HeatmapComponent],\n"
             "  imports: [CommonModule, ReportsRoutingModule, SharedModule],\n})\nexport class ReportsModule {}"),
            ("read", "src/rota-web/src/app/reports/reports-routing.module.ts", "const routes: Routes = [{ path: '', component: ReportsShellComponent, children: [\n  { path: 'hours', component: HoursReportComponent },\n  { path: 'heatmap', component: HeatmapComponent },\n]}];"),
            ("bash", "cd src/rota-web && npx ng generate @angular/core:standalone --path src/app/reports --mode convert-to-standalone",
             "UPDATE src/app/reports/reports-shell.component.ts (612 bytes)\nUPDATE src/app/reports/hours/hours-report.component.ts (1840 bytes)\nUPDATE src/app/reports/heatmap/heatmap.component.ts (2211 bytes)\nUPDATE src/app/reports/reports.module.ts (301 bytes)"),
        ])
        s.say("Los tres componentes ya son standalone. Para terminar, convierto `ReportsModule` en un `ReportsModule` con "
              "`imports` de los standalone y lo sigo cargando con `loadChildren` como hasta ahora.")
        s.user("No, nada de NgModules, ni de envoltorio. En este proyecto todo es standalone con rutas: un reports.routes.ts y "
               "loadChildren apuntando a las rutas. Y los SharedModule tampoco, importa los componentes que hagan falta uno a uno.")
        s.work([
            ("write", "src/rota-web/src/app/reports/reports.routes.ts", "import { Routes } from '@angular/router';\n\nexport const REPORTS_ROUTES: Routes = [\n"
             "  { path: '', loadComponent: () => import('./reports-shell.component').then(m => m.ReportsShellComponent), children: [\n"
             "    { path: 'hours', loadComponent: () => import('./hours/hours-report.component').then(m => m.HoursReportComponent) },\n"
             "    { path: 'heatmap', loadComponent: () => import('./heatmap/heatmap.component').then(m => m.HeatmapComponent) },\n  ]},\n];\n"),
            ("bash", "cd src/rota-web && git rm -q src/app/reports/reports.module.ts src/app/reports/reports-routing.module.ts", ""),
            ("edit", "src/rota-web/src/app/app.routes.ts", "  { path: 'reports', loadChildren: () => import('./reports/reports.module').then(m => m.ReportsModule) },",
             "  { path: 'reports', loadChildren: () => import('./reports/reports.routes').then(m => m.REPORTS_ROUTES) },"),
            ("grep", "SharedModule", "src/rota-web/src/app/reports/reports-shell.component.ts:8:  imports: [RouterOutlet, SharedModule],\nsrc/rota-web/src/app/reports/hours/hours-report.component.ts:11:  imports: [SharedModule, DatePipe],"),
            ("edit", "src/rota-web/src/app/reports/reports-shell.component.ts", "  imports: [RouterOutlet, SharedModule],", "  imports: [RouterOutlet, RouterLink, PageHeaderComponent],"),
            ("edit", "src/rota-web/src/app/reports/hours/hours-report.component.ts", "  imports: [SharedModule, DatePipe],", "  imports: [DatePipe, DecimalPipe, WardPickerComponent, EmptyStateComponent],"),
            ("bash", "cd src/rota-web && npx ng build --configuration production 2>&1 | tail -2", "Application bundle generation complete. [68.114 seconds]\n"),
            ("bash", "cd src/rota-web && npx ng test --watch=false --browsers=ChromeHeadless 2>&1 | tail -1", "TOTAL: 212 SUCCESS"),
            ("bash", "git checkout -qb fix/web-build-oom-reports-standalone && git add -A && git commit -qm 'web: echarts tree-shaking, build heap, reports standalone' && git push -q -u origin HEAD && echo ok", "ok"),
            ("bash", "az pipelines run --name wardrota-web --branch fix/web-build-oom-reports-standalone --query id && sleep 200 && az pipelines runs show --id 4906 --query result -o tsv", "4906\nsucceeded"),
        ])
        s.user("Perfecto. Escríbeme un resumen para la merge request, y deja el problema del heap apuntado en docs/operacion/ para la próxima vez.")
        s.write("docs/operacion/build-web-heap.md", "# Build del front: \"JavaScript heap out of memory\"\n\n"
                "**Síntoma:** el paso `ng build --configuration production` de `azure-pipelines/web.yml` muere con `Reached heap limit`; en local compila.\n\n"
                "**Diagnóstico:** `/usr/bin/time -v npx ng build --configuration production` y mirar `Maximum resident set size`; el agente tiene ~4 GB de heap por defecto. "
                "Buscar imports completos de librerías grandes (`import * as echarts from 'echarts'`).\n\n"
                "**Arreglo:** importar solo los módulos necesarios (echarts/core + charts/components/renderers); la pipeline ya lleva "
                "`NODE_OPTIONS=--max-old-space-size=6144` como margen, no subirlo más sin mirar antes qué ha crecido.\n")
        s.say("**MR: build del front sin OOM + reports/ standalone**\n\n- **Causa del fallo:** el heatmap importaba `echarts` "
              "completo; el build de producción llegaba a ~4,2 GB y superaba el heap del agente. Ahora se importan solo "
              "`echarts/core` + heatmap + canvas: ~2,2 GB y 1:10 en vez de 1:52. La pipeline lleva además "
              "`NODE_OPTIONS=--max-old-space-size=6144`.\n- **reports/ standalone:** sin `ReportsModule` ni `SharedModule`; "
              "`reports.routes.ts` con `loadComponent` y `loadChildren` a las rutas, imports explícitos en cada componente.\n"
              "- Build de producción y 212 tests OK; pipeline verde (run 4906).\n- Diagnóstico y arreglo apuntados en "
              "`docs/operacion/build-web-heap.md`.\n\nPendiente: otros módulos siguen importando `SharedModule` dentro de "
              "componentes standalone (fuera de reports/).")

    @session("q45-de-preference-records-and-automapper-debt", "wardrota", "2026-11-23T13:20:00", ["tech_debt", "preference"], ("decision",))
    def _(s):
        s.user("Leg bitte ein DTO für die Dienstplan-Export-Schnittstelle an: StaffId, WardCode, Start, End, ShiftType.")
        s.write("src/Rota.Api/Dtos/RotaExportDto.cs", "public class RotaExportDto\n{\n    public int StaffId { get; set; }\n    public string WardCode { get; set; } = \"\";\n"
                "    public DateTime Start { get; set; }\n    public DateTime End { get; set; }\n    public ShiftType ShiftType { get; set; }\n}\n")
        s.edit("src/Rota.Api/Mapping/RotaProfile.cs", "        CreateMap<Shift, ShiftDto>();", "        CreateMap<Shift, ShiftDto>();\n        CreateMap<Shift, RotaExportDto>().ForMember(d => d.WardCode, o => o.MapFrom(s => s.Ward.Code));")
        s.say("`RotaExportDto` angelegt und ein AutoMapper-Mapping von `Shift` ergänzt.")
        s.user("DTOs sind bei uns immer positional records, keine Klassen mit Settern. Und DateTimeOffset statt DateTime, wir hatten "
               "genug Ärger mit der Zeitumstellung.")
        s.write("src/Rota.Api/Dtos/RotaExportDto.cs", "public sealed record RotaExportDto(int StaffId, string WardCode, DateTimeOffset Start, DateTimeOffset End, ShiftType ShiftType);\n")
        s.bash("dotnet build src/Rota.Api 2>&1 | grep -E 'error|Build succeeded'", "src/Rota.Api/Mapping/RotaProfile.cs(14,9): error AM0001: RotaExportDto has no parameterless constructor; use ForCtorParam", error=True)
        s.say("AutoMapper kommt mit dem Record nicht ohne `ForCtorParam` aus. Ehrlich gesagt sind die meisten Profile in "
              "`Mapping/` inzwischen nur noch Umwege; ein expliziter Konstruktoraufruf wäre kürzer und zur Compile-Zeit geprüft. "
              "Soll ich AutoMapper generell rausnehmen?")
        s.user("Langfristig ja, AutoMapper soll raus. Aber nicht jetzt, erst nach dem Go-live auf Station 12 im Januar. Für den Export "
               "mapp es einfach von Hand.")
        s.edit("src/Rota.Api/Mapping/RotaProfile.cs", "        CreateMap<Shift, RotaExportDto>().ForMember(d => d.WardCode, o => o.MapFrom(s => s.Ward.Code));\n", "")
        s.write("src/Rota.Api/Export/RotaExportMapper.cs", "public static class RotaExportMapper\n{\n    public static RotaExportDto ToExport(this Shift s) =>\n"
                "        new(s.StaffId, s.Ward.Code, s.Start, s.End, s.Type);\n}\n")
        s.bash("dotnet build src/Rota.Api 2>&1 | grep -E 'error|Build succeeded'", "Build succeeded.")
        s.bash("cat >> docs/tech-debt.md <<'EOF2'\n\n## AutoMapper entfernen\nDie Profile in src/Rota.Api/Mapping sind meist 1:1-Umwege; durch explizite Mapper (Extension-Methoden) ersetzen. Erst nach Go-live Station 12 (Januar).\nEOF2", "")
        s.say("Record mit `DateTimeOffset`, Mapping von Hand in `RotaExportMapper.ToExport()`, Build grün. AutoMapper-Ausbau steht "
              "in `docs/tech-debt.md`, nach dem Go-live auf Station 12.")

    @session("q46-ja-long-invoice-run-stats-and-0530-deadline", "copperline", "2026-11-24T05:40:00",
             ["session_summary", "runbook", "constraint"], ("decision",))
    def _(s):
        s.user("今朝の請求バッチが05:30までに終わりませんでした（まだ動いています）。請求バッチは必ず05:30までに終わらせる必要があります。"
               "06:00にコールセンターのシステムがその日の請求を読み込むので、終わっていないと顧客に古い金額を案内してしまいます。原因を調べてください。")
        s.work([
            ("bash", "ps -o pid,etime,cmd -u billing | grep invoice_run", " 20431    03:09:12 perl /opt/copperline/bin/invoice_run.pl"),
            ("bash", "tail -5 /var/log/copperline/invoice_run.log", "2026/11/24 02:30:04 INFO  start run for 2026-11-24\n2026/11/24 02:31:10 INFO  1000/18402 accounts\n"
             "2026/11/24 03:41:55 INFO  2000/18402 accounts\n2026/11/24 04:52:30 INFO  3000/18402 accounts"),
            ("bash", "grep -h 'accounts' /var/log/copperline/invoice_run.log.1 | head -3", "2026/11/23 02:30:03 INFO  1000/18377 accounts\n2026/11/23 02:33:41 INFO  2000/18377 accounts\n2026/11/23 02:37:02 INFO  3000/18377 accounts"),
            ("bash", "sqlplus -s copper/@BILLPRD <<< \"select sql_id, executions, round(elapsed_time/1e6) secs, substr(sql_text,1,60) from v\\$sql where parsing_schema_name='COPPER' order by elapsed_time desc fetch first 3 rows only;\"",
             "SQL_ID        EXECUTIONS       SECS SUBSTR(SQL_TEXT,1,60)\n------------- ---------- ---------- ------------------------------------------------------------\n"
             "8t2q0v1k9mz3c       3214       9770 SELECT rate, band FROM tariff_bands WHERE tariff_id = :1 AND :2\n4g8hx0..."),
            ("bash", "sqlplus -s copper/@BILLPRD <<< \"select * from table(dbms_xplan.display_cursor('8t2q0v1k9mz3c'));\" | grep -E 'TABLE ACCESS|INDEX'",
             "|   1 |  TABLE ACCESS FULL| TARIFF_BANDS |     1 |"),
            ("bash", "grep -n 'tariff' /var/log/copperline/load_tariff.log | tail -3", "2026/11/23 16:02:11 INFO  truncate tariff_bands\n2026/11/23 16:02:12 INFO  gather stats tariff_bands\n2026/11/23 16:09:40 INFO  loaded 2417330 rows from tariff_2027.csv"),
            ("bash", "sqlplus -s copper/@BILLPRD <<< \"select stats_update_time from user_tab_stats_history where table_name='TARIFF_BANDS' order by 1 desc fetch first 2 rows only;\"",
             "STATS_UPDATE_TIME\n---------------------------------\n23-NOV-26 04.02.12.331 PM +00:00\n09-NOV-26 10.00.03.118 PM +00:00"),
            ("bash", "sqlplus -s copper/@BILLPRD <<< \"select num_rows, last_analyzed from user_tables where table_name='TARIFF_BANDS'; select count(*) from tariff_bands;\"",
             "  NUM_ROWS LAST_ANAL\n---------- ---------\n         0 23-NOV-26\n\n  COUNT(*)\n----------\n   2417330"),
        ])
        s.say("原因が分かりました。`TARIFF_BANDS` の統計情報が `NUM_ROWS = 0`（11/23 取得）になっています。昨日の2027年料金表の投入で"
              "テーブルを TRUNCATE してから再ロードしたとき、空の状態で統計が取られたようです。オプティマイザは空のテーブルだと思って"
              "フルスキャンを選び、1件ごとに240万行を読んでいます。統計を取り直せば索引を使うはずです。")
        s.work([
            ("bash", "sqlplus -s copper/@BILLPRD <<< \"exec dbms_stats.gather_table_stats('COPPER','TARIFF_BANDS', cascade => true, no_invalidate => false);\"", "PL/SQL procedure successfully completed."),
            ("bash", "sqlplus -s copper/@BILLPRD <<< \"select num_rows, last_analyzed from user_tables where table_name='TARIFF_BANDS';\"", "  NUM_ROWS LAST_ANAL\n---------- ---------\n   2417330 24-NOV-26"),
            ("bash", "sleep 60; tail -2 /var/log/copperline/invoice_run.log", "2026/11/24 05:49:40 INFO  4000/18402 accounts\n2026/11/24 05:50:31 INFO  5000/18402 accounts",
             "実行中のバッチが新しい実行計画を使っているか確認します。"),
            ("bash", "sqlplus -s copper/@BILLPRD <<< \"select * from table(dbms_xplan.display_cursor('8t2q0v1k9mz3c'));\" | grep -E 'TABLE ACCESS|INDEX'",
             "|   1 |  TABLE ACCESS BY INDEX ROWID BATCHED| TARIFF_BANDS    |\n|   2 |   INDEX RANGE SCAN                  | TARIFF_BANDS_IX1 |"),
            ("bash", "sleep 600; tail -1 /var/log/copperline/invoice_run.log", "2026/11/24 06:02:48 INFO  run finished: 18402 invoices"),
            ("bash", "sqlplus -s copper/@BILLPRD <<< \"select count(*) from invoices where run_date = date '2026-11-24';\"", "  COUNT(*)\n----------\n     18402"),
        ])
        s.say("バッチは 06:02 に完了しました（18,402件）。統計を取り直した後は索引レンジスキャンになり、1000件あたり約1分に戻りました。"
              "06:00の取り込みには2分間に合わなかったので、コールセンター側で再取り込みが必要です。")
        s.user("コールセンターには再取り込みを頼みました。料金表の投入スクリプトで同じことが起きないようにしてください。それと、運用チーム向けに手順を docs/ops/ に書いてください。")
        s.work([
            ("read", "bin/load_tariff.pl", "$dbh->do('TRUNCATE TABLE tariff_bands');\n$dbh->do(q{BEGIN dbms_stats.gather_table_stats('COPPER','TARIFF_BANDS'); END;});\n"
             "load_csv($dbh, $file);\n$dbh->commit;"),
            ("edit", "bin/load_tariff.pl", "$dbh->do('TRUNCATE TABLE tariff_bands');\n$dbh->do(q{BEGIN dbms_stats.gather_table_stats('COPPER','TARIFF_BANDS'); END;});\nload_csv($dbh, $file);\n$dbh->commit;",
             "$dbh->do('TRUNCATE TABLE tariff_bands');\nload_csv($dbh, $file);\n$dbh->commit;\n# 統計はロード後に取る（空のテーブルで取ると請求バッチがフルスキャンになる。2026-11-24の遅延）\n"
             "$dbh->do(q{BEGIN dbms_stats.gather_table_stats('COPPER','TARIFF_BANDS', cascade => TRUE, no_invalidate => FALSE); END;});"),
            ("grep", "TRUNCATE TABLE", "bin/load_tariff.pl:41:$dbh->do('TRUNCATE TABLE tariff_bands');\nbin/load_standing_charges.pl:29:$dbh->do('TRUNCATE TABLE standing_charges');"),
            ("read", "bin/load_standing_charges.pl", "$dbh->do('TRUNCATE TABLE standing_charges');\n$dbh->do(q{BEGIN dbms_stats.gather_table_stats('COPPER','STANDING_CHARGES'); END;});\nload_csv($dbh, $file);\n$dbh->commit;"),
            ("edit", "bin/load_standing_charges.pl", "$dbh->do(q{BEGIN dbms_stats.gather_table_stats('COPPER','STANDING_CHARGES'); END;});\nload_csv($dbh, $file);\n$dbh->commit;",
             "load_csv($dbh, $file);\n$dbh->commit;\n# 統計はロード後に取る（load_tariff.pl と同じ理由）\n$dbh->do(q{BEGIN dbms_stats.gather_table_stats('COPPER','STANDING_CHARGES', cascade => TRUE, no_invalidate => FALSE); END;});"),
            ("bash", "prove -l t/15-load-tariff.t t/16-load-standing-charges.t", "t/15-load-tariff.t ............ ok\nt/16-load-standing-charges.t .. ok\nAll tests successful."),
            ("write", "docs/ops/invoice-run-slow-stale-stats.md", "# 請求バッチが遅い（05:30に終わらない）\n\n制約: 請求バッチ（02:30開始）は05:30までに終わること。06:00にコールセンターのシステムが当日の請求を読み込む。\n\n"
             "## 症状\n`/var/log/copperline/invoice_run.log` の進捗が1000件あたり数分ではなく1時間以上。\n\n"
             "## 確認\n1. `v$sql` で経過時間の長いSQLを探す（例: `tariff_bands` のSELECT）。\n2. `dbms_xplan.display_cursor` で `TABLE ACCESS FULL` になっていないか。\n"
             "3. `user_tables.num_rows` と実際の件数を比べる（0なら統計が古い）。\n\n"
             "## 対処\n`exec dbms_stats.gather_table_stats('COPPER','<TABLE>', cascade => true, no_invalidate => false);`\n実行中のバッチも次のSQLから新しい計画を使う。"
             "進捗ログで速度が戻ったことを確認し、終了後に `invoices` の件数を確認する。05:30を過ぎたらコールセンターに再取り込みを依頼する。\n"),
        ])
        s.user("ありがとうございます。今日の対応のまとめを運用チャンネル用にお願いします。")
        s.say("**11/24 請求バッチ遅延のまとめ**\n\n- **事象:** 請求バッチが05:30までに終わらず、06:02に完了（18,402件）。06:00のコールセンター取り込みに"
              "間に合わず、再取り込みを依頼済み。\n- **原因:** 11/23の2027年料金表投入で、`load_tariff.pl` が TRUNCATE 直後（空の状態）に統計を取得。"
              "`TARIFF_BANDS` が0件と見なされ、料金検索がフルスキャン（240万行）に。\n- **対処:** 05:45頃に統計を再取得、実行中のバッチが索引を使うように"
              "なり速度回復。\n- **再発防止:** 同じパターンだった `load_tariff.pl` と `load_standing_charges.pl` を、ロード後に統計を取るよう修正（テスト済み）。"
              "手順は `docs/ops/invoice-run-slow-stale-stats.md`。")

    @session("q47-ko-techdebt-windows-long-paths-and-error-style", "fenlark", "2026-11-25T00:10:00", ["tech_debt", "preference"], ("decision",))
    def _(s):
        s.user("윈도우 사용자가 경로가 긴 폴더에서 scan 하면 'error: NameTooLong' 나온대요. 고칠 수 있어요?")
        s.grep("NameTooLong", "src/walker.zig:63:            error.NameTooLong => return error.NameTooLong,")
        s.say("Windows에서 260자(MAX_PATH)를 넘는 경로입니다. 제대로 고치려면 경로를 `\\\\?\\` 접두사가 붙은 절대 경로로 바꿔서 "
              "wide API에 넘겨야 하는데, 걷기/열기/내보내기 전부에 손이 가고 UNC 경로(`\\\\?\\UNC\\`)도 따로 처리해야 합니다. "
              "지금 당장은 긴 경로를 건너뛰고 알려 주는 정도로 막을 수 있습니다.")
        s.user("지금은 건너뛰기만 해요. 제대로 된 긴 경로 지원은 1.0 이후에. 이슈로 남겨 주세요")
        s.edit("src/walker.zig", "            error.NameTooLong => return error.NameTooLong,", "            error.NameTooLong => {\n                report.skip(entry.name, error.NameTooLong);\n                continue;\n            },")
        s.bash("gh issue create --title 'Windows: paths longer than MAX_PATH are skipped' --label 'after-1.0' --body 'walker skips paths > 260 chars on Windows (NameTooLong). Proper fix: \\\\?\\ prefixed absolute paths (and \\\\?\\UNC\\) through walk/open/export. Deferred until after 1.0.'",
               "https://github.com/noorh/fenlark/issues/88")
        s.bash("zig build test", "All 49 tests passed.")
        s.say("이제 긴 경로는 scan을 중단하지 않고 건너뛴 것으로 보고됩니다. 제대로 된 지원은 이슈 #88에 남겼습니다 (after-1.0 라벨).\n\n"
              "건너뛸 때 메시지는 `Skipped: Path too long.` 형식으로 나옵니다.")
        s.user("에러/경고 메시지는 다른 데랑 맞춰 주세요. 소문자로 시작하고 끝에 마침표 없이요. 'skipped: path too long' 이런 식으로")
        s.grep("Skipped: ", "src/report.zig:17:    out.warn(\"Skipped: {s}.\", .{describe(err)});")
        s.edit("src/report.zig", "    out.warn(\"Skipped: {s}.\", .{describe(err)});", "    out.warn(\"skipped: {s}\", .{describe(err)});")
        s.say("네, 수정했습니다. 이제 `skipped: path too long` 형식으로 나옵니다.")

    @session("q48-zh-long-archive-table-not-partitioning", "copperline", "2026-11-25T02:00:00", ["session_summary", "decision"],
             ("constraint", "runbook"))
    def _(s):
        s.user("invoices 表已经有 4100 万行了，月末报表越来越慢。想把旧数据处理一下。是用 Oracle 分区表，还是把 2022 年以前的移到归档表？")
        s.work([
            ("bash", "sqlplus -s copper/@BILLPRD <<< \"select to_char(run_date,'YYYY') y, count(*) from invoices group by to_char(run_date,'YYYY') order by 1;\"",
             "Y      COUNT(*)\n---- ----------\n2016    3012044\n2017    3988120\n2018    4100382\n2019    4211907\n2020    4390511\n2021    4507733\n2022    4620118\n2023    4702310\n2024    4811045\n2025    4860221\n2026    3987002"),
            ("bash", "sqlplus -s copper/@BILLPRD <<< \"select value from v\\$option where parameter='Partitioning';\"", "VALUE\n-----\nFALSE"),
            ("grep", "FROM invoices", "lib/Copperline/Report/MonthEnd.pm:40:      FROM invoices i\nlib/Copperline/Report/Arrears.pm:22:      FROM invoices\nlib/Copperline/Customer/History.pm:31:      FROM invoices\nbin/gdpr_export.pl:58:      FROM invoices"),
        ])
        s.say("数据库没有启用分区选项（`Partitioning = FALSE`），分区需要单独购买 Oracle Partitioning 许可证。所以选项是：\n\n"
              "1. **买许可证做分区**：对查询透明，但要采购，时间长、费用高。\n2. **归档表 `invoices_archive`**：把 2022 年以前的约 2800 万行移过去，"
              "月末报表只查 `invoices`；客户历史和 GDPR 导出要查两张表（一个视图 `invoices_all` 就行）。\n\n只有 `Customer::History` 和 `gdpr_export.pl` 需要看旧数据。")
        s.user("用归档表。许可证不可能批下来，而且只有两个地方要看旧数据。开始吧，分批移，别把 undo 撑爆。")
        s.work([
            ("write", "sql/migrations/0142_invoices_archive.sql", "CREATE TABLE invoices_archive AS SELECT * FROM invoices WHERE 1 = 0;\n"
             "CREATE INDEX invoices_archive_ix1 ON invoices_archive (account_id, run_date);\n"
             "CREATE OR REPLACE VIEW invoices_all AS SELECT * FROM invoices UNION ALL SELECT * FROM invoices_archive;\n"),
            ("bash", "sqlplus -s copper/@BILLPRD @sql/migrations/0142_invoices_archive.sql", "Table created.\n\nIndex created.\n\nView created."),
            ("write", "bin/archive_invoices.pl", "#!/usr/bin/perl\nuse strict;\nuse warnings;\nuse Copperline::DB;\n\n# Move invoices before --before into invoices_archive, in batches of --batch rows, one commit per batch.\n"
             "my $dbh = Copperline::DB->connect;\nmy ($before, $batch) = ('2022-01-01', 50_000);\nwhile (1) {\n"
             "    my $n = $dbh->do(<<'SQL', undef, $before, $batch);\nINSERT INTO invoices_archive SELECT * FROM invoices WHERE run_date < TO_DATE(?, 'YYYY-MM-DD') AND ROWNUM <= ?\nSQL\n"
             "    last if $n == 0;\n    $dbh->do('DELETE FROM invoices WHERE rowid IN (SELECT i.rowid FROM invoices i JOIN invoices_archive a ON a.invoice_id = i.invoice_id)');\n    $dbh->commit;\n}\n"),
            ("bash", "perl -Ilib -c bin/archive_invoices.pl", "bin/archive_invoices.pl syntax OK"),
            ("bash", "sqlplus -s copper/@BILLTEST <<< \"select count(*) from invoices where run_date < date '2022-01-01';\"", "  COUNT(*)\n----------\n  24210697", "先在 BILLTEST 上试，它是上周的生产副本。"),
            ("bash", "time perl -Ilib bin/archive_invoices.pl --db BILLTEST --batch 50000 2>&1 | tail -2", "\nreal\t212m4.118s", None),
        ])
        s.say("在测试库上跑了 3.5 小时，太慢了：每批的 `DELETE` 都要和整个归档表做 join，归档表越大越慢。改成每批先取出 `invoice_id` 放到"
              "临时表，再按这些 id 插入和删除。")
        s.work([
            ("write", "sql/migrations/0143_archive_batch_ids.sql", "CREATE GLOBAL TEMPORARY TABLE archive_batch_ids (invoice_id NUMBER PRIMARY KEY) ON COMMIT DELETE ROWS;\n"),
            ("edit", "bin/archive_invoices.pl", "    my $n = $dbh->do(<<'SQL', undef, $before, $batch);\nINSERT INTO invoices_archive SELECT * FROM invoices WHERE run_date < TO_DATE(?, 'YYYY-MM-DD') AND ROWNUM <= ?\nSQL\n"
             "    last if $n == 0;\n    $dbh->do('DELETE FROM invoices WHERE rowid IN (SELECT i.rowid FROM invoices i JOIN invoices_archive a ON a.invoice_id = i.invoice_id)');",
             "    my $n = $dbh->do(<<'SQL', undef, $before, $batch);\nINSERT INTO archive_batch_ids SELECT invoice_id FROM invoices WHERE run_date < TO_DATE(?, 'YYYY-MM-DD') AND ROWNUM <= ?\nSQL\n"
             "    last if $n == 0;\n    $dbh->do('INSERT INTO invoices_archive SELECT i.* FROM invoices i JOIN archive_batch_ids b ON b.invoice_id = i.invoice_id');\n"
             "    $dbh->do('DELETE FROM invoices WHERE invoice_id IN (SELECT invoice_id FROM archive_batch_ids)');"),
            ("bash", "sqlplus -s copper/@BILLTEST @sql/migrations/0143_archive_batch_ids.sql && sqlplus -s copper/@BILLTEST <<< 'truncate table invoices_archive;'", "Table created.\n\nTable truncated."),
            ("bash", "time perl -Ilib bin/archive_invoices.pl --db BILLTEST --batch 50000 2>&1 | tail -2", "\nreal\t19m41.502s"),
            ("bash", "sqlplus -s copper/@BILLTEST <<< \"select (select count(*) from invoices) live, (select count(*) from invoices_archive) arch, (select count(*) from invoices_all) total from dual;\"",
             "      LIVE       ARCH      TOTAL\n---------- ---------- ----------\n  23125896   24210697   47336593"),
            ("bash", "sqlplus -s copper/@BILLTEST <<< \"exec dbms_stats.gather_table_stats('COPPER','INVOICES', cascade => true); exec dbms_stats.gather_table_stats('COPPER','INVOICES_ARCHIVE', cascade => true);\"",
             "PL/SQL procedure successfully completed.\n\nPL/SQL procedure successfully completed.", "移动完以后重新收集两张表的统计信息。"),
            ("bash", "sqlplus -s copper/@BILLTEST <<< \"select segment_name, round(bytes/1e9,1) gb from user_segments where segment_name like 'INVOICES%' order by 1;\"",
             "SEGMENT_NAME             GB\n------------------------ ----------\nINVOICES                 31.2\nINVOICES_ARCHIVE         14.9"),
            ("edit", "lib/Copperline/Customer/History.pm", "      FROM invoices", "      FROM invoices_all"),
            ("edit", "bin/gdpr_export.pl", "      FROM invoices", "      FROM invoices_all"),
            ("bash", "prove -lr t/", "All tests successful.\nFiles=8, Tests=203,  7 wallclock secs\nResult: PASS"),
            ("bash", "time perl -Ilib bin/report_month_end.pl --db BILLTEST --month 2026-10 > /dev/null", "\nreal\t2m12.300s"),
            ("bash", "git log -1 --format=%h -- bin/report_month_end.pl && grep -h 'real' /var/log/copperline/month_end_timing.log | tail -1", "e1c9a02\nmonth_end 2026-10 real 11m48s"),
        ])
        s.user("不错。写个总结给组里，包括上线生产的步骤。")
        s.say("**invoices 归档（测试库已验证）**\n\n- **决定：** 不用分区（没有 Partitioning 许可证，也批不下来），改用归档表 `invoices_archive` + 视图 "
              "`invoices_all`。2022 年以前的数据（测试库约 2420 万行）移到归档表。\n- **脚本：** `bin/archive_invoices.pl`，每批 5 万行，用临时表 "
              "`archive_batch_ids` 记录本批 id，一批一提交，undo 不会撑爆。第一版每批和归档表 join，3.5 小时；改后 20 分钟。\n"
              "- **代码：** `Customer::History` 和 `gdpr_export.pl` 改查 `invoices_all`；月末报表不变，只查 `invoices`。全部测试通过（203）。\n"
              "- **效果：** 10 月的月末报表在测试库从 11 分 48 秒降到 2 分 12 秒。\n\n**上线步骤：** 周末窗口执行迁移 0142、0143 → 运行 "
              "`bin/archive_invoices.pl --batch 50000` → 核对 `invoices` + `invoices_archive` = 原总数 → 部署代码。")
