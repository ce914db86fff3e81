"""Eighth set, positive sessions not in English (r37-r48; r44, r46 and r48 are long). See _make_triage8.py."""


def register(session):
    @session("r37-es-indice-firestore-en-produccion", "gannet", "2026-10-22T18:05:00", ["runbook"])
    def _(s):
        s.user(
            "En producción la pantalla de 'Mis viajes' sale vacía desde el deploy de esta tarde. En el emulador va "
            "bien. En los logs de Crashlytics:\n\n[cloud_firestore/failed-precondition] The query requires an index. "
            "You can create it here: https://console.firebase.google.com/v1/r/project/gannet-prod/firestore/indexes?create_composite=Cl..."
        )
        s.grep(
            "orderBy\\('departure'",
            "lib/features/tickets/ticket_repository.dart:9:      .where('status', isEqualTo: 'paid')\n"
            "lib/features/tickets/ticket_repository.dart:10:      .orderBy('departure')",
            path="lib",
        )
        s.read(
            "firestore.indexes.json",
            "{\n  \"indexes\": [\n    {\n      \"collectionGroup\": \"bookings\",\n      \"queryScope\": \"COLLECTION\",\n"
            "      \"fields\": [\n        { \"fieldPath\": \"sailingId\", \"order\": \"ASCENDING\" },\n"
            "        { \"fieldPath\": \"createdAt\", \"order\": \"DESCENDING\" }\n      ]\n    }\n  ],\n  \"fieldOverrides\": []\n}",
        )
        s.say(
            "La consulta nueva filtra por `status` y ordena por `departure`: eso necesita un índice compuesto. El "
            "emulador no exige índices, por eso allí funciona. Lo añado a `firestore.indexes.json` (así queda en el "
            "repo y no solo en la consola) y lo despliego."
        )
        s.edit(
            "firestore.indexes.json",
            "  ],\n  \"fieldOverrides\": []",
            "    ,{\n      \"collectionGroup\": \"tickets\",\n      \"queryScope\": \"COLLECTION\",\n      \"fields\": [\n"
            "        { \"fieldPath\": \"status\", \"order\": \"ASCENDING\" },\n        { \"fieldPath\": \"departure\", \"order\": \"ASCENDING\" }\n"
            "      ]\n    }\n  ],\n  \"fieldOverrides\": []",
        )
        s.bash(
            "firebase deploy --only firestore:indexes --project gannet-prod && sleep 90 && "
            "gcloud firestore indexes composite list --project gannet-prod --format='table(name.basename(),state)' | tail -2",
            "✔  firestore: deployed indexes in firestore.indexes.json successfully for (default) database\n"
            "CICAgJim14AK  READY\nCICAgOjXh4EK  READY",
        )
        s.user("Ya sale la lista otra vez 👌 ¿Me lo dejas apuntado en docs/ci.md? Esto nos va a volver a pasar con cada consulta nueva.")
        s.bash(
            "cat >> docs/ci.md <<'MD'\n\n## Pantalla vacía en producción: \"The query requires an index\"\n\n"
            "Síntoma: una lista sale vacía en prod pero funciona en el emulador; Crashlytics muestra "
            "`[cloud_firestore/failed-precondition] The query requires an index`.\n\nCausa: consulta nueva con `where` + "
            "`orderBy` sobre campos distintos; el emulador no exige índices compuestos.\n\nArreglo: añadir el índice a "
            "`firestore.indexes.json` (no solo en la consola), `firebase deploy --only firestore:indexes --project gannet-prod`, "
            "esperar a que `gcloud firestore indexes composite list` diga READY.\n\nPrevención: probar las consultas nuevas "
            "contra el proyecto de staging antes de publicar.\nMD",
            "",
        )
        s.say("Apuntado en `docs/ci.md`: síntoma, causa (el emulador no exige índices), el arreglo con `firebase deploy --only firestore:indexes` y cómo comprobarlo.")

    @session("r38-de-fertigung-weberei", "loomwright", "2026-10-27T07:30:00", ["decision"], ("constraint",))
    def _(s):
        s.user(
            "Für die Weberei richten wir jetzt Fertigung ein. Frage: Fertigungsaufträge mit Arbeitsgängen "
            "(Work Orders, Arbeitsplätze, Zeiterfassung pro Schritt) oder nur einfache Fertigungsaufträge mit "
            "Stückliste? Schau dir bitte an, was wir in mrp schon konfiguriert haben."
        )
        s.bash(
            "./odoo-bin shell -c .odoorc -d mill_dev --no-http <<'PY' 2>/dev/null | tail -3\n"
            "print(env['mrp.workcenter'].search_count([]), env['mrp.routing.workcenter'].search_count([]))\n"
            "print(env.user.has_group('mrp.group_mrp_routings'))\nprint(env['mrp.bom'].search_count([]))\nPY",
            "2 0\nFalse\n37",
        )
        s.say(
            "Stand: 37 Stücklisten, 2 Arbeitsplätze angelegt, aber keine Arbeitsgänge, und die Option \"Arbeitsgänge\" "
            "ist aus.\n\n**Mit Arbeitsgängen**: Kapazitätsplanung pro Webstuhl, Zeiten pro Schritt, Kosten aus "
            "Maschinenstunden. Dafür müssen die Weber an den Tablets jeden Schritt starten und beenden, sonst stimmen "
            "die Daten nicht.\n\n**Ohne**: Auftrag anlegen, Material verbrauchen, fertig melden. Wenig Aufwand am "
            "Webstuhl, aber keine Planung pro Maschine und Kosten nur aus der Stückliste."
        )
        s.user(
            "Ohne Arbeitsgänge. Die Weber stempeln heute nicht pro Arbeitsschritt und werden das auch nicht tun, das hat "
            "der Betriebsrat letztes Jahr schon abgelehnt. Daten, die keiner pflegt, sind schlimmer als keine. Die "
            "Maschinenplanung macht Herr Duarte weiter in seiner Tabelle. Schreib das bitte in docs/entscheidungen.md."
        )
        s.bash(
            "cat >> docs/entscheidungen.md <<'MD'\n\n## 2026-10-27: Fertigung in der Weberei ohne Arbeitsgänge\n\n"
            "Einfache Fertigungsaufträge mit Stückliste, ohne Arbeitsgänge/Work Orders (Option bleibt aus).\n\n"
            "Warum: Die Weber erfassen keine Zeiten pro Arbeitsschritt (vom Betriebsrat 2025 abgelehnt); ungepflegte "
            "Zeitdaten wären schlimmer als keine. Verworfen: Arbeitsgänge mit Zeiterfassung pro Webstuhl.\n\n"
            "Folgen: keine Kapazitätsplanung pro Webstuhl in Odoo (bleibt in der Tabelle von Herrn Duarte); "
            "Herstellkosten nur aus der Stückliste.\nMD\ntail -3 docs/entscheidungen.md",
            "Folgen: keine Kapazitätsplanung pro Webstuhl in Odoo (bleibt in der Tabelle von Herrn Duarte); "
            "Herstellkosten nur aus der Stückliste.",
        )
        s.say("Eingetragen in `docs/entscheidungen.md`: Fertigungsaufträge ohne Arbeitsgänge, mit Begründung, verworfener Alternative und Folgen.")

    @session("r39-fr-supprimer-convertisseur-xml", "tamarack", "2026-11-02T14:20:00", ["tech_debt"], ("decision",))
    def _(s):
        s.user(
            "Maintenant que les scénarios sont en JSON, est-ce qu'on peut supprimer le convertisseur XML "
            "(tools/xml2json) et le chargeur XML ? Ça ferait pas mal de code en moins."
        )
        s.bash(
            "ls scenarios/ | sed 's/.*\\.//' | sort | uniq -c && grep -rln 'Scenario_Xml' src tests | head",
            "     41 json\n    112 xml\nsrc/scenario_loader.adb\ntests/test_scenario_xml.adb",
        )
        s.say(
            "Pas encore : il reste 112 scénarios en XML contre 41 en JSON, et `Scenario_Loader` choisit encore le "
            "chargeur XML pour eux. Si on supprime maintenant, ces 112 scénarios ne se chargent plus. Il faudrait "
            "d'abord les convertir (avec `tools/xml2json`, justement) et les faire relire."
        )
        s.user(
            "Ah oui, ce sont ceux de l'exploitant, on ne peut pas les convertir nous-mêmes, ils doivent les valider. "
            "Ils migrent en janvier. Bon, on garde les deux chargeurs jusque-là ; mets un commentaire dans "
            "scenario_loader et une ligne dans DEBT.md pour qu'on n'oublie pas de tout enlever après."
        )
        s.edit(
            "src/scenario_loader.adb",
            "   if Ends_With (Path, \".xml\") then",
            "   --  TODO (after the operator migrates its scenarios to JSON, planned January): remove the XML branch,\n"
            "   --  Scenario_Xml, tools/xml2json and tests/test_scenario_xml.adb.\n   if Ends_With (Path, \".xml\") then",
        )
        s.bash(
            "printf -- '- Two scenario loaders (XML + JSON) kept until the operator has migrated its 112 XML scenarios "
            "(January); then remove Scenario_Xml, tools/xml2json, the XML branch of Scenario_Loader and its tests. (low)\\n' >> DEBT.md && tail -1 DEBT.md",
            "- Two scenario loaders (XML + JSON) kept until the operator has migrated its 112 XML scenarios (January); "
            "then remove Scenario_Xml, tools/xml2json, the XML branch of Scenario_Loader and its tests. (low)",
        )
        s.say("C'est noté : commentaire TODO dans `scenario_loader.adb` et une ligne dans `DEBT.md` ; on garde les deux chargeurs jusqu'à la migration de janvier.")

    @session("r40-pt-nif-errado-na-fatura", "loomwright", "2026-11-04T16:40:00", ["constraint"], ("decision", "runbook"))
    def _(s):
        s.user(
            "A fatura FT 2026/1187 saiu com o NIF do cliente errado (trocaram dois dígitos). Consegue fazer um script "
            "que corrige o vat no account.move já lançado? É só esse campo."
        )
        s.read(
            "addons/mill_invoicing/models/account_move.py",
            "class AccountMove(models.Model):\n    _inherit = \"account.move\"\n\n    saft_hash = fields.Char(readonly=True, copy=False)\n"
            "    saft_hash_control = fields.Char(readonly=True, copy=False)",
        )
        s.say(
            "Tecnicamente dá para escrever o campo com um `write` em modo sudo, mas antes: esta fatura já tem "
            "`saft_hash`, ou seja, já foi assinada e entra na cadeia de hashes do SAF-T. Alterar um dado dela depois "
            "quebra essa cadeia."
        )
        s.user(
            "Pois, tem razão, esquece o script. Aqui não podemos mexer em fatura emitida, nunca: é software certificado "
            "pela AT, a lei portuguesa obriga a que um documento emitido não seja alterado nem apagado, só anulado com "
            "nota de crédito e emitido outro. E a numeração não pode ter buracos. Vale para qualquer correção daqui em "
            "diante, mesmo as \"pequenas\"."
        )
        s.bash(
            "./odoo-bin shell -c .odoorc -d mill_dev --no-http <<'PY' 2>/dev/null | tail -2\n"
            "inv = env['account.move'].search([('name','=','FT 2026/1187')])\n"
            "wiz = env['account.move.reversal'].with_context(active_model='account.move', active_ids=inv.ids).create({'reason': 'NIF do cliente errado', 'journal_id': inv.journal_id.id})\n"
            "r = wiz.refund_moves(); print(r.get('res_id'), inv.payment_state)\nPY",
            "48211 reversed",
        )
        s.say(
            "Entendido, nada de scripts sobre documentos emitidos. Fiz pelo caminho legal na base de desenvolvimento: "
            "nota de crédito da FT 2026/1187 com o motivo \"NIF do cliente errado\"; a fatura ficou como revertida. "
            "Falta corrigir o NIF na ficha do cliente e emitir a fatura nova, que recebe o número seguinte da série. "
            "Em produção é o mesmo procedimento pelo menu (Reverter)."
        )

    @session("r41-ja-seat-map-rendering", "gannet", "2026-11-05T11:00:00", ["decision"], ("constraint",))
    def _(s):
        s.user(
            "高速船の座席指定を入れるので座席表を描きたいです。座席は最大 280 席くらい。Widget を並べる、flutter_svg で船ごとの "
            "SVG を使う、CustomPainter で描く、のどれがいいと思いますか？"
        )
        s.read(
            "lib/features/seats/seat_layout.dart",
            "class SeatLayout {\n  final String vesselId;\n  final List<Seat> seats; // x, y in metres from bow/port, row label, number\n"
            "  final List<Rect> obstacles; // stairs, toilets, bar\n  const SeatLayout(this.vesselId, this.seats, this.obstacles);\n}",
        )
        s.say(
            "座席データはすでに座標付きで持っているので、それを前提に比べます。\n\n1. **Widget を並べる**（Stack + Positioned）: "
            "タップ処理やアクセシビリティ（Semantics）が素直に書ける。280 個なら性能も問題なし。ズームは InteractiveViewer。\n"
            "2. **flutter_svg**: 船ごとに SVG を描く人が必要で、座席の状態（空き・選択中・売約済み）を色で変えるのが面倒。\n"
            "3. **CustomPainter**: 描画は最速で自由だが、タップ判定と Semantics を自前で書く必要がある。\n\n"
            "この規模なら 1 で十分だと思います。"
        )
        s.user(
            "1 にしましょう。座標データがもうあるので SVG を別に管理する理由がないし、スクリーンリーダー対応は運航会社から"
            "言われているので Semantics がそのまま使えるのが大きいです。CustomPainter はもし重くなったら考えます。"
        )
        s.write(
            "lib/features/seats/seat_map.dart",
            "class SeatMap extends ConsumerWidget {\n  const SeatMap({super.key, required this.layout});\n  final SeatLayout layout;\n\n"
            "  @override\n  Widget build(BuildContext context, WidgetRef ref) {\n    final selected = ref.watch(selectedSeatsProvider);\n"
            "    return InteractiveViewer(\n      maxScale: 4,\n      child: Stack(children: [\n        for (final o in layout.obstacles) Positioned.fromRect(rect: o.scaled, child: const _Obstacle()),\n"
            "        for (final seat in layout.seats)\n          Positioned(left: seat.x * kPxPerMetre, top: seat.y * kPxPerMetre,\n"
            "            child: Semantics(label: '座席 ${seat.label}', selected: selected.contains(seat.id), button: true,\n"
            "              child: _SeatTile(seat: seat, selected: selected.contains(seat.id)))),\n      ]),\n    );\n  }\n}\n",
        )
        s.bash("flutter analyze lib/features/seats", "Analyzing seats...\nNo issues found! (ran in 2.1s)")
        s.say("Widget を並べる方式（Stack + Positioned + InteractiveViewer）で `seat_map.dart` を作りました。各座席に Semantics を付けています。analyze も問題なしです。")

    @session("r42-zh-eos-upgrade-eapi-cert", "kestrel", "2026-11-06T03:10:00", ["runbook"])
    def _(s):
        s.user(
            "昨晚把 pop-sha2 的两台 Arista 升到 EOS 4.32 以后，GitLab CI 的 drift 检查就挂了：\n\n"
            "napalm.base.exceptions.ConnectionException: Cannot connect to eos-sha2-01: "
            "[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: self signed certificate\n\n其他 POP 都正常。"
        )
        s.bash(
            "echo | openssl s_client -connect eos-sha2-01.mgmt.kestrel.net:443 2>/dev/null | openssl x509 -noout -issuer -subject -dates",
            "issuer=CN = eos-sha2-01\nsubject=CN = eos-sha2-01\nnotBefore=Nov  5 17:42:10 2026 GMT\nnotAfter=Nov  3 17:42:10 2036 GMT",
        )
        s.grep(
            "eapi.crt|ssl profile",
            "templates/eos/management.j2:12:   ssl profile KESTREL-EAPI\ntemplates/eos/management.j2:14:      certificate kestrel-eapi.crt key kestrel-eapi.key",
            path="templates/eos",
        )
        s.say(
            "升级后 eAPI 用的是设备自己刚生成的自签名证书（签发日期就是昨晚升级的时间），而不是我们 CA 签的 "
            "`kestrel-eapi.crt`。模板里有 `ssl profile KESTREL-EAPI`，但 EOS 4.32 升级时把 `management api http-commands` "
            "下引用的 profile 清掉了，所以回退到默认证书。重新推送管理配置即可，证书文件还在 flash 上。"
        )
        s.bash(
            "kestrel push --host eos-sha2-01,eos-sha2-02 --only management --commit && "
            "echo | openssl s_client -connect eos-sha2-01.mgmt.kestrel.net:443 2>/dev/null | openssl x509 -noout -issuer",
            "eos-sha2-01: commit complete\neos-sha2-02: commit complete\nissuer=CN = Kestrel Network Mgmt CA",
        )
        s.bash(
            "gitlab-ci-local drift-check 2>&1 | tail -2",
            "drift-check: 214 hosts checked, 0 drift, 0 errors\nJob succeeded",
        )
        s.user("好了，谢谢。把这个写进 docs/runbooks/，下个月其他 POP 也要升 4.32，肯定还会碰到。")
        s.write(
            "docs/runbooks/eos-upgrade-eapi-self-signed-cert.md",
            "# EOS 升级后 eAPI 证书校验失败（CERTIFICATE_VERIFY_FAILED）\n\n## 现象\n- 升级 EOS（4.32）后，CI 的 drift 检查 / NAPALM 连接报 "
            "`[SSL: CERTIFICATE_VERIFY_FAILED] ... self signed certificate`。\n\n## 诊断\n- `openssl s_client -connect <host>:443 | openssl x509 "
            "-noout -issuer -dates`：issuer 是设备自己的主机名，签发时间是升级时间，说明用的是默认自签名证书。\n\n## 原因\n- 升级时 "
            "`management api http-commands` 下对 `ssl profile KESTREL-EAPI` 的引用被清掉了；证书文件本身还在 flash 上。\n\n## 处理\n"
            "1. `kestrel push --host <hosts> --only management --commit`\n2. 再看 issuer 应为 `Kestrel Network Mgmt CA`。\n"
            "3. 重新跑 drift-check，0 errors。\n\n## 预防\n- 升级 4.32 的变更步骤里加上第 1-2 步。\n",
        )
        s.say("已写入 `docs/runbooks/eos-upgrade-eapi-self-signed-cert.md`：现象、诊断、原因、处理步骤和预防。")

    @session("r43-ko-drop-to-danger", "tamarack", "2026-11-09T05:40:00", ["preference"])
    def _(s):
        s.user("signals.adb 에 신호기를 빨간불로 떨어뜨리는 Drop_To_Danger 프로시저 추가해 주세요. 선로 점유일 때 Set_Aspect 호출하면 됩니다.")
        s.read(
            "src/signals.ads",
            "   procedure Set_Aspect\n     (S      : in out Signal;\n      Aspect : in     Aspect_Type;\n"
            "      Reason : in     Change_Reason;\n      At_Time : in    Time);",
        )
        s.edit(
            "src/signals.adb",
            "end Signals;",
            "   procedure Drop_To_Danger (S : in out Signal; Now : in Time) is\n   begin\n"
            "      Set_Aspect (S, Red, Track_Occupied, Now);\n   end Drop_To_Danger;\n\nend Signals;",
        )
        s.user(
            "인자가 세 개 이상이면 저희는 항상 이름 붙여서 호출해요. Set_Aspect (S => S, Aspect => Red, ...) 이런 식으로. "
            "리뷰할 때 위치 인자는 읽기 힘들고, 특히 Aspect 랑 Reason 순서 바뀌어도 타입 다르면 괜찮지만 Time 두 개 받는 "
            "것들은 실수하기 쉬워서요."
        )
        s.edit(
            "src/signals.adb",
            "      Set_Aspect (S, Red, Track_Occupied, Now);",
            "      Set_Aspect\n        (S       => S,\n         Aspect  => Red,\n         Reason  => Track_Occupied,\n         At_Time => Now);",
        )
        s.bash(
            "gprbuild -P tamarack.gpr -q && echo OK",
            "OK",
        )
        s.say("이름 붙인 인자로 바꿨습니다. 앞으로도 인자가 세 개 이상인 호출은 이름을 붙여서 쓰겠습니다. 빌드 확인했습니다.")

    @session("r44-es-reserva-de-vehiculos", "gannet", "2026-11-10T09:00:00", ["session_summary", "tech_debt", "preference"], ("decision",))
    def _(s):
        s.user(
            "Hoy toca la reserva de vehículos en la bodega del ferry. Resumen: en el paso de pasajeros se puede añadir "
            "un coche (matrícula, tipo: coche / furgoneta / moto), el precio sale de fare_rules.vehicle y la función "
            "createBooking tiene que comprobar que queda hueco en la bodega de ese viaje (sailing.vehicleSlots). "
            "Empieza mirando cómo está hecho lo de pasajeros."
        )
        s.work([
            ("read", "lib/features/booking/booking_draft.dart",
             "@freezed\nclass BookingDraft with _$BookingDraft {\n  const factory BookingDraft({\n    required String sailingId,\n"
             "    @Default(1) int adults,\n    @Default(0) int children,\n    @Default(0) int infants,\n  }) = _BookingDraft;\n}"),
            ("read", "functions/src/bookings/create.ts",
             "import { z } from 'zod';\nimport { onCall, HttpsError } from 'firebase-functions/v2/https';\n\n"
             "const Input = z.object({\n  sailingId: z.string().min(1),\n  adults: z.number().int().min(1).max(9),\n  children: z.number().int().min(0).max(9),\n"
             "  infants: z.number().int().min(0).max(4),\n});\n\nexport const createBooking = onCall({ region: REGION }, async (req) => {\n"
             "  const input = Input.parse(req.data);\n  return db.runTransaction(async (tx) => {\n    const sailing = await tx.get(db.doc(`sailings/${input.sailingId}`));\n"
             "    if (sailing.get('seatsLeft') < input.adults + input.children) throw new HttpsError('resource-exhausted', 'full');\n    ...\n  });\n});"),
            ("grep", "vehicle", "functions/src/pricing/fare.ts:12:  vehicle?: { car: number; van: number; motorbike: number };\n"
             "functions/src/types/sailing.ts:9:  vehicleSlots: number;\nfunctions/src/types/sailing.ts:10:  vehicleSlotsLeft: number;", None),
            ("read", "functions/src/pricing/fare.ts",
             "export interface FareRules {\n  adultCents: number;\n  childCents: number;\n  weekendSupplementCents: number;\n"
             "  vehicle?: { car: number; van: number; motorbike: number };\n}\n\nexport function total(rules: FareRules, b: BookingInput, weekend: boolean): number {\n"
             "  let t = b.adults * rules.adultCents + b.children * rules.childCents;\n  if (weekend) t += rules.weekendSupplementCents * b.adults;\n  return t;\n}"),
            ("edit", "lib/features/booking/booking_draft.dart",
             "    @Default(0) int infants,\n  }) = _BookingDraft;",
             "    @Default(0) int infants,\n    Vehicle? vehicle,\n  }) = _BookingDraft;\n}\n\n@freezed\nclass Vehicle with _$Vehicle {\n"
             "  const factory Vehicle({required String plate, required VehicleKind kind}) = _Vehicle;\n  factory Vehicle.fromJson(Map<String, Object?> json) => _$VehicleFromJson(json);"),
            ("write", "lib/features/booking/vehicle_kind.dart",
             "enum VehicleKind { car, van, motorbike }\n"),
            ("bash", "dart run build_runner build --delete-conflicting-outputs 2>&1 | tail -1",
             "[INFO] Succeeded after 14.2s with 6 outputs (38 actions)"),
            ("edit", "functions/src/bookings/create.ts",
             "  infants: z.number().int().min(0).max(4),\n});",
             "  infants: z.number().int().min(0).max(4),\n  vehicle: z.unknown().optional(),\n});"),
            ("edit", "functions/src/bookings/create.ts",
             "    if (sailing.get('seatsLeft') < input.adults + input.children) throw new HttpsError('resource-exhausted', 'full');",
             "    if (sailing.get('seatsLeft') < input.adults + input.children) throw new HttpsError('resource-exhausted', 'full');\n"
             "    const vehicle = input.vehicle as { plate: string; kind: 'car' | 'van' | 'motorbike' } | undefined;\n"
             "    if (vehicle && sailing.get('vehicleSlotsLeft') < 1) throw new HttpsError('resource-exhausted', 'vehicle deck full');"),
        ])
        s.user(
            "Para. En functions no hacemos `as` con lo que llega del cliente, nunca. Todo se valida con zod y el tipo "
            "sale de `z.infer`. Si zod no lo ha visto, no existe. Y la matrícula normalízala en el schema (mayúsculas, "
            "sin espacios ni guiones), no por ahí suelta."
        )
        s.work([
            ("edit", "functions/src/bookings/create.ts",
             "  vehicle: z.unknown().optional(),\n});",
             "  vehicle: z\n    .object({\n      plate: z.string().transform((p) => p.toUpperCase().replace(/[\\s-]/g, '')).pipe(z.string().regex(/^[A-Z0-9]{2,10}$/)),\n"
             "      kind: z.enum(['car', 'van', 'motorbike']),\n    })\n    .optional(),\n});\nexport type CreateBookingInput = z.infer<typeof Input>;"),
            ("edit", "functions/src/bookings/create.ts",
             "    const vehicle = input.vehicle as { plate: string; kind: 'car' | 'van' | 'motorbike' } | undefined;\n"
             "    if (vehicle && sailing.get('vehicleSlotsLeft') < 1)",
             "    if (input.vehicle && sailing.get('vehicleSlotsLeft') < 1)"),
            ("edit", "functions/src/bookings/create.ts",
             "    ...\n  });",
             "    if (input.vehicle) tx.update(sailing.ref, { vehicleSlotsLeft: FieldValue.increment(-1) });\n    ...\n  });"),
            ("edit", "functions/src/pricing/fare.ts",
             "  if (weekend) t += rules.weekendSupplementCents * b.adults;\n  return t;",
             "  if (weekend) t += rules.weekendSupplementCents * b.adults;\n  if (b.vehicle) {\n"
             "    if (!rules.vehicle) throw new Error('fare_rules.vehicle missing for a vehicle booking');\n    t += rules.vehicle[b.vehicle.kind];\n  }\n  return t;"),
            ("grep", " as [A-Z{]", "functions/src/refunds/refund.ts:14:  const body = req.data as RefundRequest;", None),
            ("read", "functions/src/refunds/refund.ts",
             "export const refundBooking = onCall({ region: REGION }, async (req) => {\n  const body = req.data as RefundRequest;\n  ..."),
            ("write", "functions/test/bookings.vehicle.test.ts",
             "import { describe, it, expect } from 'vitest';\nimport { Input } from '../src/bookings/create';\n\n"
             "describe('vehicle input', () => {\n  it('normalises the plate', () => {\n"
             "    expect(Input.parse({ sailingId: 's', adults: 1, children: 0, infants: 0, vehicle: { plate: '241-g 1234', kind: 'car' } }).vehicle?.plate).toBe('241G1234');\n  });\n"
             "  it('rejects unknown kinds', () => {\n    expect(() => Input.parse({ sailingId: 's', adults: 1, children: 0, infants: 0, vehicle: { plate: 'AB12', kind: 'tractor' } })).toThrow();\n  });\n});\n"),
            ("bash", "cd functions && npx vitest run 2>&1 | tail -4",
             " ✓ test/bookings.vehicle.test.ts (2 tests) 9ms\n ✓ test/pricing.test.ts (7 tests) 12ms\n\n Test Files  6 passed (6)\n      Tests  31 passed (31)"),
        ])
        s.say(
            "Hecho: `vehicle` se valida con zod (matrícula normalizada en el schema, `kind` como enum) y el tipo sale de "
            "`z.infer`; sin casts. De paso vi que `refund.ts` también hace `req.data as RefundRequest`; ¿lo paso a zod "
            "también en este PR o lo dejo?"
        )
        s.user("Sí, pásalo, es lo mismo. Luego la UI.")
        s.work([
            ("edit", "functions/src/refunds/refund.ts",
             "  const body = req.data as RefundRequest;",
             "  const body = RefundRequest.parse(req.data);"),
            ("edit", "functions/src/refunds/types.ts",
             "export interface RefundRequest {\n  bookingId: string;\n  reason?: string;\n}",
             "export const RefundRequest = z.object({ bookingId: z.string().min(1), reason: z.string().max(500).optional() });\n"
             "export type RefundRequest = z.infer<typeof RefundRequest>;"),
            ("write", "lib/features/booking/widgets/vehicle_section.dart",
             "class VehicleSection extends ConsumerWidget {\n  const VehicleSection({super.key});\n\n  @override\n"
             "  Widget build(BuildContext context, WidgetRef ref) {\n    final draft = ref.watch(bookingDraftProvider);\n"
             "    final slotsLeft = ref.watch(sailingProvider(draft.sailingId)).valueOrNull?.vehicleSlotsLeft ?? 0;\n"
             "    return Column(children: [\n      SwitchListTile(\n        title: Text(context.l10n.bringVehicle),\n"
             "        value: draft.vehicle != null,\n        onChanged: slotsLeft == 0 ? null : (on) => ref.read(bookingDraftProvider.notifier).toggleVehicle(on),\n"
             "      ),\n      if (slotsLeft == 0) Text(context.l10n.vehicleDeckFull),\n      if (draft.vehicle != null) const _VehicleForm(),\n    ]);\n  }\n}\n"),
            ("bash", "flutter gen-l10n && flutter analyze lib/features/booking 2>&1 | tail -1", "No issues found! (ran in 3.4s)"),
            ("bash", "flutter test test/features/booking 2>&1 | tail -1", "00:06 +18: All tests passed!"),
            ("bash", "cd functions && npx vitest run 2>&1 | tail -2", " Test Files  6 passed (6)\n      Tests  33 passed (33)"),
        ])
        s.say(
            "UI lista: interruptor \"Llevo vehículo\" (desactivado si la bodega está llena) y formulario de matrícula y "
            "tipo. Todo verde: 18 tests de Flutter, 33 de functions.\n\nUna cosa que no cuadra con la realidad: ahora "
            "cada vehículo ocupa 1 hueco, sea moto o furgoneta con remolque. En la bodega una furgoneta con remolque "
            "ocupa lo de dos o tres coches, así que con muchas furgonetas podríamos vender más de lo que cabe. Lo "
            "correcto sería medir en metros de carril (longitud por tipo) en vez de huecos."
        )
        s.user(
            "Ya, lo sé, lo de los remolques. Pero eso cambia el modelo de sailings y lo que carga operaciones, y "
            "estamos con el lanzamiento del horario de invierno. Lo dejamos así hasta enero; apúntalo como deuda en "
            "docs/deuda.md con lo que has dicho. Y después hazme el resumen para el PR."
        )
        s.work([
            ("read", "docs/deuda.md", "# Deuda técnica\n\n- Pantalla de tickets: sin paginación (bajo)\n"),
            ("edit", "docs/deuda.md",
             "- Pantalla de tickets: sin paginación (bajo)\n",
             "- Pantalla de tickets: sin paginación (bajo)\n- Bodega de vehículos: cada vehículo cuenta como 1 hueco "
             "(`vehicleSlotsLeft`), sea moto o furgoneta con remolque; se puede vender más de lo que cabe. Arreglo: "
             "capacidad en metros de carril por viaje y longitud por tipo de vehículo (incl. remolque); cambia el modelo "
             "de `sailings` y la carga de operaciones. Aplazado hasta enero (lanzamiento del horario de invierno). (alto)\n"),
            ("bash", "git add -A && git commit -qm \"booking: vehicles on the car deck; zod for vehicle and refund input\" && git log -1 --oneline",
             "3e7a1c9 booking: vehicles on the car deck; zod for vehicle and refund input"),
        ])
        s.say(
            "Apuntado en `docs/deuda.md` y commit `3e7a1c9`. Para el PR:\n\n**Reserva de vehículos**\n\n"
            "- App: paso de pasajeros con \"Llevo vehículo\" (matrícula + tipo coche/furgoneta/moto); desactivado cuando "
            "`vehicleSlotsLeft` es 0. `BookingDraft` tiene `vehicle`; textos en l10n.\n- `createBooking`: `vehicle` "
            "validado con zod (matrícula normalizada: mayúsculas, sin espacios ni guiones), comprueba y descuenta "
            "`vehicleSlotsLeft` en la misma transacción.\n- Precio: `fare_rules.vehicle[kind]`; error claro si falta en "
            "las tarifas.\n- `refundBooking`: la entrada también pasa por zod (antes era un cast).\n- Tests: 2 nuevos de "
            "validación; 18 Flutter y 33 functions en verde.\n\nPendiente / deuda: la bodega cuenta huecos, no metros "
            "de carril (furgonetas con remolque); aplazado hasta enero, ver `docs/deuda.md`.\n\nPara "
            "probar: un viaje con `vehicleSlotsLeft: 1` en staging, reservar con coche (queda 0), el segundo intento "
            "muestra \"bodega llena\"."
        )

    @session("r45-de-bi-export-odoosh", "loomwright", "2026-11-13T06:50:00", ["constraint", "tech_debt"], ("decision",))
    def _(s):
        s.user(
            "Die BI-Abteilung will ihr Power BI direkt an die Odoo-Datenbank hängen, per Postgres-Verbindung auf die "
            "Produktion. Kannst du mir sagen, welchen Host und Port sie eintragen sollen?"
        )
        s.say(
            "Das wird auf odoo.sh nicht gehen: odoo.sh erlaubt keine Verbindungen von außen auf die "
            "Produktionsdatenbank, Postgres ist nur innerhalb des Containers erreichbar (über die Shell im Browser "
            "oder SSH auf den Build). Auch eine Read-Replica bietet odoo.sh nicht an.\n\nWege, die funktionieren: "
            "die externe API (XML-RPC/JSON-RPC) mit einem technischen Benutzer, oder ein geplanter Export (CSV) an "
            "einen Ort, den Power BI lesen kann."
        )
        s.user(
            "Stimmt, das hatte ich verdrängt, und wir bleiben auf odoo.sh, das ist mit der Geschäftsführung so "
            "vereinbart. Wir haben doch schon dieses Exportskript für die Buchhaltung, tools/export_bi.py, oder? "
            "Kann man das für Fertigung erweitern?"
        )
        s.read(
            "tools/export_bi.py",
            "FIELDS = {\n    \"account.move.line\": [\"date\", \"account_id\", \"debit\", \"credit\", \"partner_id\"],\n}\n\n"
            "def main():\n    models = xmlrpc.client.ServerProxy(f\"{URL}/xmlrpc/2/object\")\n"
            "    for model, fields in FIELDS.items():\n        rows = models.execute_kw(DB, UID, KEY, model, \"search_read\", [[]], {\"fields\": fields})\n"
            "        write_csv(f\"/exports/{model}.csv\", rows)",
        )
        s.edit(
            "tools/export_bi.py",
            "    \"account.move.line\": [\"date\", \"account_id\", \"debit\", \"credit\", \"partner_id\"],\n}",
            "    \"account.move.line\": [\"date\", \"account_id\", \"debit\", \"credit\", \"partner_id\"],\n"
            "    \"mrp.production\": [\"name\", \"product_id\", \"product_qty\", \"date_start\", \"date_finished\", \"state\"],\n"
            "    \"stock.lot\": [\"name\", \"product_id\", \"lot_type\", \"create_date\"],\n}",
        )
        s.say(
            "Erweitert: Fertigungsaufträge und Lose kommen jetzt mit. Zwei Schwächen des Skripts, die mit der Fertigung "
            "schlimmer werden: es lädt jedes Mal **alles** per `search_read` ohne Filter und ohne Paging (bei "
            "`account.move.line` schon 1,2 Mio. Zeilen, dauert über 20 Minuten), und die Feldlisten stehen hart im "
            "Code, jede Änderung braucht einen Deploy. Besser wären inkrementelle Exporte über `write_date` und die "
            "Feldlisten als Konfiguration."
        )
        s.user(
            "Ja, das ist beides Mist. Aber nicht vor dem Jahresabschluss, die Buchhaltung braucht den Export genau so, "
            "wie er ist, bis die Zahlen Ende Januar durch sind. Schreib's in die Schuldenliste, docs/technische_schulden.md."
        )
        s.bash(
            "cat >> docs/technische_schulden.md <<'MD'\n\n## tools/export_bi.py: Vollexport ohne Paging, Feldlisten im Code\n\n"
            "- Lädt bei jedem Lauf alle Datensätze per `search_read` ohne Filter/Paging (account.move.line: 1,2 Mio. Zeilen, "
            "> 20 min); mit Fertigung und Losen wird es mehr.\n- Feldlisten hart im Code, jede Änderung braucht einen Deploy.\n"
            "- Vorschlag: inkrementell über `write_date` (letzten Lauf merken), Paging mit `limit`/`offset`, Feldlisten als "
            "Konfiguration.\n- Aufgeschoben bis nach dem Jahresabschluss (Ende Januar): die Buchhaltung braucht den Export "
            "unverändert.\n- Hintergrund: ein direkter Postgres-Zugang für Power BI ist auf odoo.sh nicht möglich.\nMD\necho ok",
            "ok",
        )
        s.say("Eingetragen in `docs/technische_schulden.md`, mit dem Hinweis, warum es den Export überhaupt gibt (kein Postgres-Zugang von außen auf odoo.sh).")

    @session("r46-fr-liberation-temporisee-des-itineraires", "tamarack", "2026-11-16T08:10:00",
             ["session_summary", "decision", "constraint"], ("preference",))
    def _(s):
        s.user(
            "Aujourd'hui : la libération temporisée des itinéraires (enclenchement d'approche). Quand un signal est "
            "remis à l'arrêt devant un train qui approche, l'itinéraire ne doit se libérer qu'après une temporisation. "
            "Je te donne le contexte : la valeur n'est pas à nous de choisir, c'est le référentiel de l'exploitant, "
            "120 s pour les lignes à 160 km/h, 180 s au-delà, et l'évaluateur vérifiera qu'on applique exactement "
            "ça, pas une valeur « plus pratique » pour les tests. Commence par regarder Route_Locking."
        )
        s.work([
            ("read", "src/route_locking.ads",
             "package Route_Locking with SPARK_Mode is\n   type Route_State is (Free, Set, Locked, Approach_Locked, Releasing);\n"
             "   procedure Cancel (R : in out Route; Now : in Time)\n     with Pre => R.State in Set | Locked | Approach_Locked;\n"
             "   procedure Release (R : in out Route);\n   function Is_Locked (R : in Route) return Boolean is\n     (R.State in Locked | Approach_Locked);\nend Route_Locking;"),
            ("read", "src/route_locking.adb",
             "   procedure Cancel (R : in out Route; Now : in Time) is\n   begin\n      if R.State = Approach_Locked then\n"
             "         R.State := Releasing;\n         R.Release_At := Now + 120.0;  --  FIXME constant\n      else\n         R.State := Free;\n"
             "      end if;\n   end Cancel;"),
            ("grep", "Release_At", "src/route_locking.adb:31:         R.Release_At := Now + 120.0;  --  FIXME constant\n"
             "src/simulator.adb:88:         if R.State = Releasing and then Now >= R.Release_At then\n", None),
            ("read", "src/simulator.adb",
             "   procedure Tick (Sim : in out Simulator; Now : in Time) is\n   begin\n      for R of Sim.Routes loop\n"
             "         if R.State = Releasing and then Now >= R.Release_At then\n            Route_Locking.Release (R);\n"
             "         end if;\n      end loop;\n      --  events\n      Sim.Queue.Run_Due (Now);\n   end Tick;"),
            ("read", "src/line_data.ads",
             "   type Line_Section is record\n      Id        : Section_Id;\n      Max_Speed : Speed_Kmh;\n      Length_M  : Natural;\n   end record;"),
        ])
        s.say(
            "Aujourd'hui la temporisation est codée en dur à 120 s et la libération est testée à chaque `Tick` en "
            "parcourant toutes les routes. Deux façons de faire :\n\n1. **Garder le sondage dans `Tick`**, mais avec "
            "la valeur calculée à partir de la vitesse de la ligne. Simple, mais la libération dépend du pas de "
            "`Tick` (jusqu'à un pas de retard) et on parcourt toutes les routes à chaque pas.\n2. **Programmer un "
            "événement** dans la file `Sim.Queue` à `Now + T` au moment de l'annulation : libération à l'instant "
            "exact, rien à parcourir, et les tests peuvent avancer le temps jusqu'à l'événement.\n\nDans les deux cas, "
            "T vient d'une fonction `Approach_Release_Time (Max_Speed)` qui encode la règle 120/180."
        )
        s.user(
            "La 2. Le rapport d'essai doit montrer la libération à 120,0 s exactement, pas « entre 120 et 120,5 ». "
            "Et la règle dans une seule fonction, avec la référence du référentiel en commentaire (RE-SIG-0412 §5.3)."
        )
        s.work([
            ("write", "src/approach_locking.ads",
             "package Approach_Locking with SPARK_Mode is\n   --  Operator rule RE-SIG-0412 section 5.3: approach-locking release time\n"
             "   --  is 120 s on lines up to 160 km/h and 180 s above. Fixed by the operator; not configurable.\n"
             "   function Release_Time (Max_Speed : in Speed_Kmh) return Duration is\n     (if Max_Speed <= 160 then 120.0 else 180.0)\n"
             "   with Post => Release_Time'Result in 120.0 | 180.0;\nend Approach_Locking;\n"),
            ("edit", "src/route_locking.ads",
             "   procedure Cancel (R : in out Route; Now : in Time)\n     with Pre => R.State in Set | Locked | Approach_Locked;",
             "   procedure Cancel (R : in out Route; Now : in Time; Line_Speed : in Speed_Kmh; Q : in out Event_Queue)\n"
             "     with Pre => R.State in Set | Locked | Approach_Locked;"),
            ("edit", "src/route_locking.adb",
             "         R.State := Releasing;\n         R.Release_At := Now + 120.0;  --  FIXME constant",
             "         R.State := Releasing;\n         Schedule\n           (Q      => Q,\n            At_Time => Now + Approach_Locking.Release_Time (Line_Speed),\n"
             "            Event  => (Kind => Release_Route, Route => R.Id));"),
            ("edit", "src/simulator.adb",
             "      for R of Sim.Routes loop\n         if R.State = Releasing and then Now >= R.Release_At then\n            Route_Locking.Release (R);\n"
             "         end if;\n      end loop;\n      --  events\n",
             "      --  route releases are scheduled events (see Route_Locking.Cancel)\n"),
            ("grep", "Cancel \\(", "src/simulator.adb:142:      Route_Locking.Cancel (Sim.Routes (Id), Now);\n"
             "tests/test_route_locking.adb:57:      Cancel (R, T0);\ntests/test_route_locking.adb:71:      Cancel (R, T0);", None),
            ("edit", "src/simulator.adb",
             "      Route_Locking.Cancel (Sim.Routes (Id), Now);",
             "      Route_Locking.Cancel\n        (R          => Sim.Routes (Id),\n         Now        => Now,\n"
             "         Line_Speed => Sim.Line.Section_Of (Sim.Routes (Id)).Max_Speed,\n         Q          => Sim.Queue);"),
            ("bash", "gprbuild -P tamarack.gpr -j2 -q 2>&1 | head -3",
             "simulator.adb:201:07: error: no selector \"Release_Route\" for type \"Event_Kind\""),
            ("edit", "src/events.ads",
             "   type Event_Kind is (Train_Enters, Train_Leaves, Points_Command, Signal_Command);",
             "   type Event_Kind is (Train_Enters, Train_Leaves, Points_Command, Signal_Command, Release_Route);"),
            ("edit", "src/simulator.adb",
             "         when Signal_Command =>\n            Signals.Command (Sim.Signals (E.Signal), E.Aspect, Now);",
             "         when Signal_Command =>\n            Signals.Command (Sim.Signals (E.Signal), E.Aspect, Now);\n"
             "         when Release_Route =>\n            Route_Locking.Release (Sim.Routes (E.Route));"),
            ("bash", "gprbuild -P tamarack.gpr -j2 -q && echo BUILD-OK", "BUILD-OK"),
        ])
        s.say("Ça compile. Je mets les tests à jour : les deux vitesses, et la limite exacte (160 km/h -> 120 s, 161 -> 180 s).")
        s.work([
            ("edit", "tests/test_route_locking.adb",
             "      Cancel (R, T0);\n      Assert (R.State = Releasing, \"releasing\");",
             "      Cancel (R, T0, Line_Speed => 160, Q => Q);\n      Run_Until (Q, T0 + 119.999);\n"
             "      Assert (R.State = Releasing, \"expected still releasing at 119.999 s\");\n      Run_Until (Q, T0 + 120.0);\n"
             "      Assert (R.State = Free, \"expected free at exactly 120.0 s on a 160 km/h line\");"),
            ("edit", "tests/test_route_locking.adb",
             "      Cancel (R, T0);\n      Assert (R.State = Free, \"free\");",
             "      Cancel (R, T0, Line_Speed => 161, Q => Q);\n      Run_Until (Q, T0 + 179.999);\n"
             "      Assert (R.State = Releasing, \"expected still releasing at 179.999 s\");\n      Run_Until (Q, T0 + 180.0);\n"
             "      Assert (R.State = Free, \"expected free at exactly 180.0 s above 160 km/h\");"),
            ("bash", "gprbuild -P tests/harness.gpr -j2 -q && ./tests/obj/test_runner | tail -3",
             "Total Tests Run:   163\nSuccessful Tests:  163\nFailed Assertions: 0"),
            ("bash", "gnatprove -P tamarack.gpr -u approach_locking.ads route_locking.adb --level=2 -j2 2>&1 | grep -E 'medium|high|unproved|Summary'",
             "Summary logged in obj/gnatprove/gnatprove.out"),
            ("bash", "grep -E 'Total|Run-time|Functional' obj/gnatprove/gnatprove.out | head -4",
             "Run-time Checks       41 .      41 (CVC5 89%, Trivial 11%)    .    .\n"
             "Functional Contracts  6 .       6 (CVC5)                     .    .\nTotal                 59 .      59 (100%)                    .    ."),
            ("bash", "./bin/tamarack-sim scenarios/approach_cancel_160.json --report /tmp/rep.txt && grep -n 'RELEASE' /tmp/rep.txt",
             "18: t=  312.000 ROUTE R14 CANCEL (approach locked, line 160 km/h)\n19: t=  432.000 ROUTE R14 RELEASE"),
        ])
        s.user("Parfait, 432 - 312 = 120,0. Fais-moi un résumé de la session pour le dossier de l'évaluateur et l'équipe.")
        s.work([
            ("bash", "git add -A src tests && git commit -qm \"route locking: approach-locking release as a scheduled event, 120/180 s per RE-SIG-0412 5.3\" && git log -1 --oneline",
             "b71f04d route locking: approach-locking release as a scheduled event, 120/180 s per RE-SIG-0412 5.3"),
        ])
        s.say(
            "Commit `b71f04d`. Résumé :\n\n**Libération temporisée des itinéraires (enclenchement d'approche)**\n\n"
            "- Règle : référentiel de l'exploitant RE-SIG-0412 §5.3 : 120 s pour les lignes jusqu'à 160 km/h, 180 s "
            "au-delà. Valeur imposée, non configurable ; encodée dans une seule fonction, "
            "`Approach_Locking.Release_Time`, avec la référence en commentaire et une postcondition.\n- Conception "
            "retenue : à l'annulation d'un itinéraire enclenché en approche, un événement `Release_Route` est "
            "programmé dans la file du simulateur à `Now + Release_Time`. Écarté : la vérification à chaque `Tick` "
            "(libération retardée jusqu'à un pas, parcours de toutes les routes).\n- Modifié : `Route_Locking.Cancel` "
            "(vitesse de ligne et file en paramètres), `Simulator` (plus de sondage, traitement de `Release_Route`), "
            "`Events` (nouveau type d'événement).\n- Vérification : 163/163 tests AUnit, dont les deux vitesses et la "
            "limite exacte (119,999 s encore en libération, 120,0 s libre ; idem 180 s) ; GNATprove : 59/59 "
            "vérifications prouvées sur `Approach_Locking` et `Route_Locking` ; scénario `approach_cancel_160` : "
            "annulation à t = 312,000 s, libération à t = 432,000 s.\n- Reste : rien sur ce sujet ; les scénarios de "
            "l'exploitant au-delà de 160 km/h ne sont pas encore dans le dépôt (arrivent avec la migration JSON de janvier)."
        )

    @session("r47-zh-snmp-community-from-netbox", "kestrel", "2026-11-18T02:20:00", ["preference"], ("constraint",))
    def _(s):
        s.user("给 EOS 模板加上 SNMP 配置：community 只读，只允许监控网段访问。")
        s.read(
            "templates/eos/management.j2",
            "management api http-commands\n   protocol https\n   no shutdown\n!\nntp server {{ ntp_server }}\n",
        )
        s.edit(
            "templates/eos/management.j2",
            "ntp server {{ ntp_server }}\n",
            "ntp server {{ ntp_server }}\n!\nip access-list standard SNMP-RO\n   10 permit 10.240.8.0/24\n!\n"
            "snmp-server community kst-mon-ro ro SNMP-RO\n",
        )
        s.user(
            "别把值写死在模板里。我们这边的规矩是：跟站点或者环境有关的值（网段、community、服务器地址）一律放在 NetBox "
            "的 config context 里，模板只引用变量，而且要用 default 过滤器之外的写法——缺了就让渲染报错，不要悄悄用默认值。"
            "另外 community 属于敏感信息，从 vault 取，context 里只放 vault 路径。"
        )
        s.grep(
            "config_context|vault\\(",
            "kestrel/render.py:22:    ctx = {**host.data[\"config_context\"], \"vault\": vault_lookup}\n"
            "kestrel/render.py:24:    env = Environment(undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)\n"
            "templates/junos/system.j2:31:    authentication-key \"{{ vault(ntp.key_path) }}\";",
            path=".",
        )
        s.edit(
            "templates/eos/management.j2",
            "ip access-list standard SNMP-RO\n   10 permit 10.240.8.0/24\n!\nsnmp-server community kst-mon-ro ro SNMP-RO\n",
            "ip access-list standard SNMP-RO\n{% for net in snmp.allowed_prefixes %}\n   {{ loop.index * 10 }} permit {{ net }}\n{% endfor %}\n!\n"
            "snmp-server community {{ vault(snmp.community_path) }} ro SNMP-RO\n",
        )
        s.bash(
            "kestrel render --host eos-sha2-01 --template eos/management.j2 2>&1 | tail -4; "
            "kestrel render --host eos-lab-01 --template eos/management.j2 2>&1 | tail -1",
            "ip access-list standard SNMP-RO\n   10 permit 10.240.8.0/24\n!\nsnmp-server community ******** ro SNMP-RO\n"
            "jinja2.exceptions.UndefinedError: 'snmp' is undefined",
        )
        s.say(
            "改好了：网段和 community 的 vault 路径都从 config context 的 `snmp` 里取，community 通过 `vault()` 读取。"
            "渲染用的是 `StrictUndefined`，所以像 eos-lab-01 这种还没配 `snmp` context 的设备会直接报错，而不是用默认值。"
            "之后新模板我也按这个规矩写。"
        )

    @session("r48-ja-codemagic-android-agp-upgrade", "gannet", "2026-11-20T01:30:00",
             ["session_summary", "runbook", "preference"], ("decision", "tech_debt"))
    def _(s):
        s.user(
            "Flutter 3.27 に上げたら Codemagic の Android ビルドが落ちるようになりました。ログの最後:\n\n"
            "Execution failed for task ':app:compileReleaseKotlin'.\n> Inconsistent JVM-target compatibility detected "
            "for tasks 'compileReleaseJavaWithJavac' (1.8) and 'compileReleaseKotlin' (17).\n\n"
            "ローカルでも再現するか見てもらえますか。"
        )
        s.work([
            ("bash", "flutter --version | head -1 && java -version 2>&1 | head -1",
             "Flutter 3.27.1 • channel stable • https://github.com/flutter/flutter.git\nopenjdk version \"17.0.12\" 2024-07-16"),
            ("bash", "cd android && ./gradlew :app:assembleRelease 2>&1 | grep -A2 'What went wrong'",
             "* What went wrong:\nExecution failed for task ':app:compileReleaseKotlin'.\n> Inconsistent JVM-target compatibility detected for tasks 'compileReleaseJavaWithJavac' (1.8) and 'compileReleaseKotlin' (17)."),
            ("read", "android/app/build.gradle",
             "android {\n    namespace \"com.gannetferries.app\"\n    compileSdk flutter.compileSdkVersion\n\n"
             "    compileOptions {\n        sourceCompatibility JavaVersion.VERSION_1_8\n        targetCompatibility JavaVersion.VERSION_1_8\n    }\n\n"
             "    kotlinOptions {\n        jvmTarget = '1.8'\n    }\n..."),
            ("read", "android/settings.gradle",
             "plugins {\n    id \"dev.flutter.flutter-plugin-loader\" version \"1.0.0\"\n    id \"com.android.application\" version \"7.3.0\" apply false\n"
             "    id \"org.jetbrains.kotlin.android\" version \"1.7.10\" apply false\n}"),
            ("bash", "cd android && ./gradlew :app:dependencies --configuration releaseRuntimeClasspath 2>/dev/null | grep -m3 'kotlin-stdlib'",
             "+--- org.jetbrains.kotlin:kotlin-stdlib:2.0.21"),
        ])
        s.say(
            "ローカルでも再現しました。原因は 2 つ重なっています。\n\n- `app/build.gradle` は Java/Kotlin とも 1.8 "
            "ターゲットのままですが、Flutter 3.27 のプラグイン群が Kotlin 2.0 を引き込み、Kotlin 側のタスクが JVM 17 "
            "で動いているため、Java(1.8) と Kotlin(17) の不一致で止まっています。\n- AGP 7.3 / Kotlin 1.7.10 も "
            "3.27 の推奨より古いです。\n\nJava と Kotlin を 17 にそろえ、AGP を 8.x、Kotlin プラグインを 2.0 系に"
            "上げるのが筋だと思います。"
        )
        s.user("それでお願いします。")
        s.work([
            ("edit", "android/app/build.gradle",
             "        sourceCompatibility JavaVersion.VERSION_1_8\n        targetCompatibility JavaVersion.VERSION_1_8\n    }\n\n"
             "    kotlinOptions {\n        jvmTarget = '1.8'\n    }",
             "        sourceCompatibility JavaVersion.VERSION_17\n        targetCompatibility JavaVersion.VERSION_17\n    }\n\n"
             "    kotlinOptions {\n        jvmTarget = '17'\n    }"),
            ("edit", "android/settings.gradle",
             "    id \"com.android.application\" version \"7.3.0\" apply false\n    id \"org.jetbrains.kotlin.android\" version \"1.7.10\" apply false",
             "    id \"com.android.application\" version \"8.7.3\" apply false\n    id \"org.jetbrains.kotlin.android\" version \"2.0.21\" apply false"),
            ("read", "android/gradle/wrapper/gradle-wrapper.properties",
             "distributionUrl=https\\://services.gradle.org/distributions/gradle-7.5-all.zip"),
            ("edit", "android/gradle/wrapper/gradle-wrapper.properties",
             "gradle-7.5-all.zip", "gradle-8.10.2-all.zip"),
            ("bash", "cd android && ./gradlew :app:assembleRelease 2>&1 | grep -A3 'What went wrong'",
             "* What went wrong:\nA problem occurred configuring project ':adyen_checkout'.\n> Namespace not specified. Specify a namespace in the module's build file."),
            ("bash", "grep -n 'adyen_checkout\\|pdf_render' pubspec.yaml",
             "41:  adyen_checkout: 0.6.1\n47:  pdf_render: ^1.4.0"),
        ])
        s.say(
            "AGP 8 ではプラグイン側に `namespace` 指定が必須で、`adyen_checkout` 0.6.1 にはそれがありません。"
            "回避策として、ルートの `build.gradle` で namespace が未指定のサブプロジェクトに AndroidManifest の "
            "package から自動で設定するスニペットがよく使われます。あわせて pubspec の依存を最新に上げれば他の"
            "プラグインも揃うので、`flutter pub upgrade --major-versions` も流しましょうか？"
        )
        s.user(
            "namespace のスニペットはそれでいいです。でも pub upgrade --major-versions はやめてください。うちは "
            "pubspec の依存は ^ なしの固定バージョンで書いて、上げるときは 1 パッケージずつ、changelog を読んでから"
            "別コミットで、というルールです。Adyen の件も含めて、まとめて上げて何が壊れたかわからなくなったことが"
            "あるので。ついでに pdf_render の ^1.4.0 も固定にしておいてください。"
        )
        s.work([
            ("read", "android/build.gradle",
             "allprojects {\n    repositories {\n        google()\n        mavenCentral()\n    }\n}\n\nrootProject.buildDir = '../build'"),
            ("edit", "android/build.gradle",
             "rootProject.buildDir = '../build'",
             "rootProject.buildDir = '../build'\n\n// AGP 8 requires a namespace; older plugins (adyen_checkout 0.6.1) only have the manifest package.\n"
             "subprojects {\n    afterEvaluate { project ->\n        if (project.hasProperty('android') && project.android.namespace == null) {\n"
             "            def manifest = file(\"${project.projectDir}/src/main/AndroidManifest.xml\")\n"
             "            project.android.namespace = new XmlSlurper().parse(manifest).@package.text()\n        }\n    }\n}"),
            ("bash", "grep -n 'pdf_render:' pubspec.lock -A3 | grep version", "      version: \"1.4.12\""),
            ("edit", "pubspec.yaml", "  pdf_render: ^1.4.0", "  pdf_render: 1.4.12"),
            ("bash", "grep -nE '^\\s+[a-z_]+: \\^' pubspec.yaml || echo 'no caret constraints'", "no caret constraints"),
            ("bash", "flutter pub get 2>&1 | tail -1 && cd android && ./gradlew :app:assembleRelease 2>&1 | tail -2",
             "Got dependencies!\nBUILD SUCCESSFUL in 2m 41s\n412 actionable tasks: 398 executed, 14 up-to-date"),
            ("bash", "flutter build appbundle --release 2>&1 | tail -1",
             "✓ Built build/app/outputs/bundle/release/app-release.aab (38.9MB)"),
            ("bash", "flutter test 2>&1 | tail -1", "01:12 +214: All tests passed!"),
        ])
        s.user("ローカルは通りましたね。Codemagic 側は何か変える必要がありますか？ それと、この直し方を docs/ci.md に残しておいてください。")
        s.work([
            ("read", "codemagic.yaml",
             "workflows:\n  android-release:\n    environment:\n      flutter: 3.27.1\n      java: 11\n    scripts:\n      - flutter build appbundle --release"),
            ("edit", "codemagic.yaml", "      java: 11", "      java: 17"),
            ("bash",
             "cat >> docs/ci.md <<'MD'\n\n## Android ビルドが Flutter 更新後に落ちる: \"Inconsistent JVM-target compatibility\"\n\n"
             "症状: `compileReleaseKotlin` で `Inconsistent JVM-target compatibility detected ... (1.8) and ... (17)`。"
             "その後 AGP 8 で `Namespace not specified` が出ることもある。\n\n原因: 新しい Flutter のプラグインが Kotlin 2.0 / JVM 17 を"
             "前提にしているのに、`app/build.gradle` が 1.8 のまま。AGP 8 は全モジュールに namespace を要求する。\n\n対処:\n"
             "1. `app/build.gradle` の `compileOptions` と `kotlinOptions.jvmTarget` を 17 に。\n2. `settings.gradle` で AGP 8.x、"
             "Kotlin 2.0.x、wrapper を Gradle 8.10 以上に。\n3. namespace のない古いプラグイン用に、ルート `build.gradle` の "
             "`subprojects { afterEvaluate { ... } }` スニペット（manifest の package を使う）。\n4. `codemagic.yaml` の `java:` を 17 に。\n"
             "5. 確認: `./gradlew :app:assembleRelease`、`flutter build appbundle --release`、`flutter test`。\n\n"
             "注意: `flutter pub upgrade --major-versions` で一括更新しないこと（依存は固定バージョン、1 つずつ上げる）。\nMD\necho ok",
             "ok"),
            ("bash", "git add -A && git commit -qm \"android: JVM 17, AGP 8.7, Kotlin 2.0; namespace shim; pin pdf_render\" && git push -q && codemagic-cli builds start --workflow android-release --branch main 2>&1 | tail -1",
             "Build 6740e2a1 queued"),
            ("bash", "sleep 600; codemagic-cli builds get 6740e2a1 --field status", "finished"),
        ])
        s.user("Codemagic も通りました！ Slack の #mobile に貼るので、今回やったことをまとめてください。")
        s.say(
            "#mobile 用のまとめです。\n\n**Flutter 3.27 更新後の Android ビルド修正**\n- 症状: Codemagic / ローカルとも "
            "`compileReleaseKotlin` で JVM ターゲット不一致（Java 1.8 vs Kotlin 17）。\n- 対応:\n  - Java/Kotlin の"
            "ターゲットを 17 に統一\n  - AGP 7.3 → 8.7.3、Kotlin 1.7.10 → 2.0.21、Gradle 7.5 → 8.10.2\n  - namespace 未指定の"
            "古いプラグイン（adyen_checkout 0.6.1）向けにルート build.gradle にスニペット\n  - `codemagic.yaml` の Java を 11 → 17\n"
            "  - `pdf_render` を 1.4.12 に固定（依存は ^ なしの固定バージョン、という既存ルールどおり）\n- 確認: release AAB "
            "ビルド成功、`flutter test` 214 件すべて成功、Codemagic android-release 成功（6740e2a1）。\n- 手順は "
            "`docs/ci.md` に追記済み。\n- 残り: adyen_checkout 自体の更新は #214 のとおり冬ダイヤ開始後（今回は namespace "
            "スニペットで回避）。"
        )
