"""Sessions of the second held-out set in other languages (user and assistant speak it; identifiers stay English)."""

ALL = ["session_summary", "decision", "runbook", "constraint", "tech_debt", "preference"]


def others(*keep):
    return [c for c in ALL if c not in keep]


def register(session):
    @session("g37-spanish-zarr-output", "petrichor", "2026-11-09T09:15:00", ["decision"], others("decision", "constraint"))
    def _(s):
        s.user(
            "¡Buenos días! Tengo que decidir de una vez el formato de salida del modelo para el proyecto con la "
            "Confederación Hidrográfica. Ahora escribimos NetCDF4 con un fichero por paso de tiempo y es un caos: "
            "8760 ficheros por año y abrirlos con xarray tarda una eternidad. ¿NetCDF en un solo fichero grande o Zarr?"
        )
        s.bash("ls output/ebro_2023 | head -3; ls output/ebro_2023 | wc -l; du -sh output/ebro_2023",
               "q_2023-01-01T00.nc\nq_2023-01-01T01.nc\nq_2023-01-01T02.nc\n8760\n214G\toutput/ebro_2023")
        s.read("src/io/output.jl", "function write_step(out::OutputConfig, t, state)\n    path = joinpath(out.dir, \"q_$(Dates.format(t, \"yyyy-mm-ddTHH\")).nc\")\n"
               "    NCDataset(path, \"c\") do ds\n        defVar(ds, \"q\", state.q, (\"cell\",))\n    end\nend")
        s.say(
            "Las dos opciones resuelven lo de los 8760 ficheros:\n\n"
            "- **Un NetCDF4 por año** con dimensión `time` ilimitada y chunks `(cell=…, time=24)`: un solo fichero, "
            "herramientas clásicas (ncview, CDO) lo leen, pero escribir desde varios procesos a la vez necesita NetCDF "
            "paralelo (MPI-IO) y si el trabajo muere a mitad el fichero puede quedar corrupto.\n"
            "- **Zarr**: un directorio con un objeto por chunk. Cada miembro del ensemble o proceso escribe sus chunks sin "
            "coordinarse, un trabajo que muere deja los chunks ya escritos intactos, y xarray/dask lo abren en paralelo. "
            "Inconveniente: CDO y ncview no lo leen, y el sistema de ficheros del clúster sufre con millones de objetos "
            "pequeños si los chunks son muy finos.\n\n¿Quién consume los resultados en la Confederación?"
        )
        s.user(
            "Ellos usan Python con xarray, lo confirmé la semana pasada con Marta. Entonces vamos con Zarr. Lo que me "
            "convence es que los 50 miembros puedan escribir a la vez sin MPI y que un trabajo que se cae no me "
            "estropee el año entero. Para quien quiera NetCDF haremos una conversión al final con un script. Chunks de "
            "un día (24 pasos) y todas las celdas de una subcuenca por chunk, ¿te parece?"
        )
        s.say("Me parece bien: con ~120 subcuencas y 365 días salen ~44 000 chunks por año y variable, manejable para Lustre. Lo implemento con Zarr.jl.")
        s.edit("src/io/output.jl",
               "function write_step(out::OutputConfig, t, state)\n    path = joinpath(out.dir, \"q_$(Dates.format(t, \"yyyy-mm-ddTHH\")).nc\")\n"
               "    NCDataset(path, \"c\") do ds\n        defVar(ds, \"q\", state.q, (\"cell\",))\n    end\nend",
               "# Salida en Zarr: chunks de 24 pasos × una subcuenca; cada miembro escribe sus chunks sin coordinación.\n"
               "function open_output(out::OutputConfig, mesh, ntime)\n    store = Zarr.DirectoryStore(joinpath(out.dir, \"q.zarr\"))\n"
               "    return zcreate(Float32, ncells(mesh), ntime; path = store, chunks = (max_subbasin_cells(mesh), 24),\n"
               "                   compressor = Zarr.BloscCompressor(cname = \"zstd\", clevel = 3), attrs = Dict(\"units\" => \"m3 s-1\"))\nend\n\n"
               "write_step!(z, it, state, perm) = (z[:, it] = state.q[perm]; nothing)")
        s.bash("julia --project -e 'using Pkg; Pkg.test(test_args=[\"output\"])' 2>&1 | tail -2", "Test Summary: | Pass  Total  Time\noutput        |   12     12  21.3s")
        s.bash("julia --project scripts/run.jl configs/ebro_test_month.toml 2>&1 | tail -2 && du -sh output/ebro_test_month/q.zarr && python3 -c \"import xarray as xr; print(xr.open_zarr('output/ebro_test_month/q.zarr').q.shape)\"",
               "[petrichor] 744 pasos en 3m11s\n1.6G\toutput/ebro_test_month/q.zarr\n(182340, 744)")
        s.say("Hecho: la salida es un único `q.zarr` (float32, zstd), un mes de prueba ocupa 1,6 GB y xarray lo abre directamente. Tests de salida en verde.")

    @session("g38-german-shader-cache-debt", "mossgrove", "2026-11-10T10:30:00", ["tech_debt"], others("tech_debt", "runbook", "decision", "session_summary"))
    def _(s):
        s.user(
            "Hi! Das Editor-Startup dauert bei mir inzwischen fast 40 Sekunden, und das meiste davon ist Shader-Kompilierung. "
            "Kannst du schauen, ob wir das schnell cachen können?"
        )
        s.bash("./build/bin/mossgrove_editor --headless --quit-after-load --trace-startup 2>&1 | tail -6",
               "[startup] vulkan device          0.41 s\n[startup] shader compile (412)   33.80 s\n[startup] asset index            2.12 s\n"
               "[startup] level harbor.mgl       2.95 s\n[startup] ui                     0.30 s\n[startup] total                 39.58 s")
        s.grep("shaderc_compile_into_spv|VkPipelineCache", "src/render/vk/ShaderLibrary.cpp:58:    auto res = shaderc_compile_into_spv(compiler_, src.data(), src.size(), kind, name.c_str(), \"main\", opts_);")
        s.say(
            "412 Shader werden bei jedem Start aus GLSL nach SPIR-V kompiliert, und es gibt weder einen SPIR-V-Cache noch "
            "einen `VkPipelineCache`. Die saubere Lösung wäre: SPIR-V zur Build-Zeit erzeugen (CMake-Regel mit `glslc`), "
            "dazu Hot-Reload nur für geänderte Dateien und einen persistenten Pipeline-Cache. Das sind eher zwei, drei Tage, "
            "weil der Hot-Reload-Pfad und die `#include`-Auflösung umgebaut werden müssen."
        )
        s.user(
            "Zwei, drei Tage habe ich vor dem Release nicht. Mach bitte erstmal was Einfaches: SPIR-V auf Platte "
            "cachen, Schlüssel = Hash vom Quelltext. Dass Includes dabei nicht mit in den Hash gehen, ist mir bewusst, "
            "dann muss man halt den Cache löschen, wenn man ein Include ändert. Schreib das bitte ordentlich als "
            "Altlast auf, sonst vergessen wir es."
        )
        s.edit("src/render/vk/ShaderLibrary.cpp",
               "    auto res = shaderc_compile_into_spv(compiler_, src.data(), src.size(), kind, name.c_str(), \"main\", opts_);",
               "    // Provisorisch: Cache-Schlüssel ist nur der Hash der Hauptdatei, Includes fehlen (siehe docs/debt.md).\n"
               "    const auto key = fmt::format(\"{:016x}.spv\", xxh3(src));\n    if (auto cached = diskCache_.read(key)) return *cached;\n"
               "    auto res = shaderc_compile_into_spv(compiler_, src.data(), src.size(), kind, name.c_str(), \"main\", opts_);")
        s.edit("src/render/vk/ShaderLibrary.cpp", "    return spirv;\n}", "    diskCache_.write(key, spirv);\n    return spirv;\n}")
        s.bash("cmake --build build --target mossgrove_editor 2>&1 | tail -1 && ./build/bin/mossgrove_editor --headless --quit-after-load --trace-startup 2>&1 | grep -E 'shader|total' && ./build/bin/mossgrove_editor --headless --quit-after-load --trace-startup 2>&1 | grep -E 'shader|total'",
               "[421/421] Done\n[startup] shader compile (412)   34.02 s\n[startup] total                 39.71 s\n[startup] shader compile (412)    0.38 s\n[startup] total                  6.12 s")
        s.edit("docs/debt.md", "# Known debt\n",
               "# Known debt\n\n## Shader-Cache ignoriert Includes\nSeit 2026-11-10 cacht `ShaderLibrary` SPIR-V unter `~/.cache/mossgrove/spirv/`, "
               "Schlüssel = Hash nur der Hauptdatei. Ändert man eine per `#include` eingebundene Datei, wird veralteter Code "
               "geladen, bis man den Cache löscht (`rm -rf ~/.cache/mossgrove/spirv`). Aufgeschoben wegen des Releases. "
               "Richtig: SPIR-V zur Build-Zeit mit `glslc` und Depfiles, Hot-Reload mit Include-Abhängigkeiten, persistenter "
               "`VkPipelineCache`. Fertig, wenn eine Include-Änderung ohne Cache-Löschen wirkt und der Kaltstart < 10 s ist.\n")
        s.say("Start mit warmem Cache: 6,1 s statt 39,6 s (Shader 0,38 s). Die Einschränkung mit den Includes und der richtige Umbau stehen in `docs/debt.md`.")

    @session("g39-french-cert-manager-renewal", "saltmarsh", "2026-11-11T08:05:00", ["runbook"], others("runbook", "decision", "session_summary"))
    def _(s):
        s.user(
            "Bonjour, les cliniques ont une erreur de certificat sur app.saltmarsh.health depuis ce matin (NET::ERR_CERT_DATE_INVALID). "
            "Le certificat aurait dû être renouvelé automatiquement par cert-manager, non ?"
        )
        s.bash("kubectl -n saltmarsh get certificate,certificaterequest,order,challenge",
               "NAME                                       READY   SECRET           AGE\ncertificate.cert-manager.io/app-tls      False   app-tls          412d\n\n"
               "NAME                                                  APPROVED   DENIED   READY   AGE\ncertificaterequest.cert-manager.io/app-tls-8x2kd    True                False   29d\n\n"
               "NAME                                             STATE     AGE\norder.acme.cert-manager.io/app-tls-8x2kd-31770  pending   29d\n\n"
               "NAME                                                        STATE     DOMAIN                 AGE\nchallenge.acme.cert-manager.io/app-tls-8x2kd-31770-2213   pending   app.saltmarsh.health   29d")
        s.bash("kubectl -n saltmarsh describe challenge app-tls-8x2kd-31770-2213 | tail -4",
               "  Reason:      Waiting for HTTP-01 challenge propagation: failed to perform self check GET request 'http://app.saltmarsh.health/.well-known/acme-challenge/Qk9...': "
               "Get \"https://app.saltmarsh.health/.well-known/acme-challenge/Qk9...\": remote error: tls: handshake failure\n  State:       pending")
        s.bash("kubectl -n saltmarsh get ingress app -o jsonpath='{.metadata.annotations}'", "{\"nginx.ingress.kubernetes.io/force-ssl-redirect\":\"true\",\"cert-manager.io/cluster-issuer\":\"letsencrypt-prod\"}")
        s.say(
            "Le renouvellement est bloqué depuis 29 jours : le challenge HTTP-01 reste « pending ». L'annotation "
            "`force-ssl-redirect: \"true\"` (ajoutée sur l'ingress) redirige aussi `/.well-known/acme-challenge/` vers HTTPS, "
            "et la vérification échoue. Let's Encrypt a besoin de joindre ce chemin en HTTP simple."
        )
        s.user("Ah oui, c'est Hugo qui a ajouté ça le mois dernier pour la conformité. On peut garder la redirection et quand même renouveler ?")
        s.say("Oui : l'ingress temporaire que cert-manager crée pour le challenge doit échapper à la redirection. On le configure dans l'issuer avec `ingressTemplate` et l'annotation `ssl-redirect: \"false\"`.")
        s.edit("k8s/cert-manager/cluster-issuer.yaml",
               "        http01:\n          ingress:\n            ingressClassName: nginx",
               "        http01:\n          ingress:\n            ingressClassName: nginx\n            ingressTemplate:\n              metadata:\n"
               "                annotations:\n                  nginx.ingress.kubernetes.io/ssl-redirect: \"false\"\n                  nginx.ingress.kubernetes.io/force-ssl-redirect: \"false\"")
        s.bash("kubectl apply -f k8s/cert-manager/cluster-issuer.yaml && kubectl -n saltmarsh delete challenge,order --all && kubectl -n saltmarsh delete certificaterequest app-tls-8x2kd",
               "clusterissuer.cert-manager.io/letsencrypt-prod configured\nchallenge.acme.cert-manager.io \"app-tls-8x2kd-31770-2213\" deleted\norder.acme.cert-manager.io \"app-tls-8x2kd-31770\" deleted\ncertificaterequest.cert-manager.io \"app-tls-8x2kd\" deleted")
        s.bash("sleep 90; kubectl -n saltmarsh get certificate app-tls && echo | openssl s_client -connect app.saltmarsh.health:443 -servername app.saltmarsh.health 2>/dev/null | openssl x509 -noout -enddate",
               "NAME      READY   SECRET    AGE\napp-tls   True    app-tls   412d\nnotAfter=Feb  9 07:11:02 2027 GMT")
        s.user("Parfait. Tu peux noter la procédure dans docs/ops, en français, pour la prochaine fois ?")
        s.write("docs/ops/certificats.md",
                "# Certificat expiré / non renouvelé (cert-manager)\n\nSymptôme : `NET::ERR_CERT_DATE_INVALID`, `kubectl -n saltmarsh get certificate` affiche READY=False.\n\n"
                "1. `kubectl -n saltmarsh get certificate,certificaterequest,order,challenge` : repérer un challenge bloqué en `pending`.\n"
                "2. `kubectl -n saltmarsh describe challenge <nom>` : lire la raison. Une erreur TLS sur `/.well-known/acme-challenge/` = la redirection HTTPS de l'ingress bloque le HTTP-01.\n"
                "3. Vérifier que `k8s/cert-manager/cluster-issuer.yaml` a bien l'`ingressTemplate` avec `ssl-redirect: \"false\"` et `force-ssl-redirect: \"false\"`, puis `kubectl apply`.\n"
                "4. Relancer : supprimer challenge, order et certificaterequest ; cert-manager recommence.\n"
                "5. Vérifier : READY=True et `openssl s_client ... | openssl x509 -noout -enddate` donne une date dans ~90 jours.\n\n"
                "Incident du 2026-11-11 : redirection forcée ajoutée sur l'ingress en octobre, renouvellement bloqué 29 jours.")
        s.say("C'est noté dans `docs/ops/certificats.md`. Le nouveau certificat est valable jusqu'au 9 février 2027.")

    @session("g40-portuguese-minsdk-24", "ledgerly", "2026-11-12T14:20:00", ["constraint"], others("constraint", "decision"))
    def _(s):
        s.user(
            "Oi! Quero usar a API nova de Credential Manager pra passkeys, mas o Android Studio reclama que algumas coisas "
            "precisam de API 28. Dá pra subir o minSdk pra 28?"
        )
        s.read("app/build.gradle.kts", "android {\n    compileSdk = 35\n    defaultConfig {\n        minSdk = 24\n        targetSdk = 35\n    }\n}")
        s.say(
            "Tecnicamente sim, mas antes: hoje o `minSdk` é 24 (Android 7.0). Subir para 28 corta todo mundo em Android 7, 7.1 e 8. "
            "Você sabe quantos clientes estão nessas versões?"
        )
        s.user(
            "Acabei de perguntar pro pessoal de produto. Não dá: 11% dos clientes ativos ainda estão em Android 7 e 8, "
            "muitos aposentados com celular antigo, e o banco tem obrigação regulatória de não deixar esse público sem o "
            "app. O minSdk fica em 24, ponto final, pelo menos até o comitê revisar em 2027. Então passkey só onde der."
        )
        s.grep("minSdk", "app/build.gradle.kts:4:        minSdk = 24\nbuild-logic/convention/src/main/kotlin/AndroidLibraryConventionPlugin.kt:18:            minSdk = 24")
        s.edit("build-logic/convention/src/main/kotlin/AndroidLibraryConventionPlugin.kt", "            minSdk = 24",
               "            // Não subir: 11% dos clientes em Android 7/8, obrigação regulatória de atendê-los (revisão do comitê em 2027).\n            minSdk = 24")
        s.write("feature/login/src/main/java/app/ledgerly/login/passkey/PasskeySupport.kt",
                "package app.ledgerly.login.passkey\n\n/** Passkeys só a partir da API 28; abaixo disso o login continua com senha + PIN (minSdk do app é 24). */\n"
                "object PasskeySupport {\n    fun isAvailable(): Boolean = Build.VERSION.SDK_INT >= Build.VERSION_CODES.P\n}")
        s.bash("./gradlew :feature:login:lintDebug -q 2>&1 | tail -3", "")
        s.say("O `minSdk` continua 24 (com comentário explicando o motivo no plugin de convenção) e as passkeys ficam atrás de `PasskeySupport.isAvailable()` (API 28+); o lint não aponta chamadas de API nova sem verificação.")

    @session("g41-japanese-prefab-thumbnails", "mossgrove", "2026-11-13T09:00:00", ["session_summary"], others("session_summary", "decision"))
    def _(s):
        s.user("おはようございます。今日はプレハブブラウザのサムネイルをやりたいです。TODO.mdに入っていたやつです。オフスクリーンで描画してキャッシュする感じでお願いします。")
        s.read("src/editor/panels/PrefabBrowser.cpp", "void PrefabBrowser::draw() {\n    for (auto& p : prefabs_) {\n        if (ImGui::Selectable(p.name.c_str())) select(p);\n    }\n}")
        s.grep("class OffscreenTarget|createOffscreen", "src/render/vk/Offscreen.h:12:class OffscreenTarget {\nsrc/render/vk/Offscreen.h:20:    static OffscreenTarget create(Device&, VkExtent2D, VkFormat);")
        s.write("src/editor/thumbnails/ThumbnailCache.h",
                "#pragma once\n#include <unordered_map>\n#include \"render/vk/Offscreen.h\"\n\nnamespace mg::editor {\n\n"
                "class ThumbnailCache {\npublic:\n    ThumbnailCache(vk::Device&, vk::RenderPassCache&, fs::path diskDir);\n"
                "    ImTextureID get(const Prefab&);   // returns placeholder until rendered\n    void renderPending(int budget);  // call once per frame\n"
                "private:\n    std::unordered_map<AssetId, ImTextureID> ready_;\n    std::deque<AssetId> pending_;\n    fs::path diskDir_;\n};\n\n}")
        s.write("src/editor/thumbnails/ThumbnailCache.cpp",
                "#include \"ThumbnailCache.h\"\n\nnamespace mg::editor {\n\nImTextureID ThumbnailCache::get(const Prefab& p) {\n"
                "    if (auto it = ready_.find(p.id); it != ready_.end()) return it->second;\n    if (auto png = loadPng(diskDir_ / (p.id.hex() + \".png\"))) return ready_[p.id] = upload(*png);\n"
                "    if (std::find(pending_.begin(), pending_.end(), p.id) == pending_.end()) pending_.push_back(p.id);\n    return placeholder_;\n}\n\n"
                "void ThumbnailCache::renderPending(int budget) {\n    while (budget-- > 0 && !pending_.empty()) {\n        auto id = pending_.front(); pending_.pop_front();\n"
                "        auto img = renderPrefab(id, {128, 128});\n        savePng(diskDir_ / (id.hex() + \".png\"), img);\n        ready_[id] = upload(img);\n    }\n}\n\n}")
        s.bash("cmake --build build --target mossgrove_editor 2>&1 | grep -E 'error' | head -3",
               "src/editor/thumbnails/ThumbnailCache.cpp:14:22: error: 'renderPrefab' was not declared in this scope\nsrc/editor/thumbnails/ThumbnailCache.cpp:9:74: error: 'upload' was not declared in this scope", error=True)
        s.say("`renderPrefab` と `upload` がまだないので、オフスクリーン描画とテクスチャ登録を実装します。")
        s.edit("src/editor/thumbnails/ThumbnailCache.cpp", "namespace mg::editor {\n",
               "namespace mg::editor {\n\nImage ThumbnailCache::renderPrefab(AssetId id, VkExtent2D size) {\n    auto target = vk::OffscreenTarget::create(dev_, size, VK_FORMAT_R8G8B8A8_SRGB);\n"
               "    auto prefab = assets_.loadPrefab(id);\n    Camera cam = Camera::framing(prefab.bounds(), /*yaw=*/35.f, /*pitch=*/-25.f);\n"
               "    scene_.drawIsolated(target, prefab, cam, Lighting::studio());\n    return target.readback();\n}\n\n"
               "ImTextureID ThumbnailCache::upload(const Image& img) {\n    auto tex = textures_.create(img);\n    return ImGui_ImplVulkan_AddTexture(tex.sampler, tex.view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);\n}\n")
        s.edit("src/editor/thumbnails/ThumbnailCache.h", "private:\n", "private:\n    Image renderPrefab(AssetId, VkExtent2D);\n    ImTextureID upload(const Image&);\n    ImTextureID placeholder_{};\n")
        s.bash("cmake --build build --target mossgrove_editor 2>&1 | grep -E 'error|Done' | head -3", "[424/424] Done")
        s.edit("src/editor/panels/PrefabBrowser.cpp", "    for (auto& p : prefabs_) {\n        if (ImGui::Selectable(p.name.c_str())) select(p);\n    }",
               "    const float cell = 96.f;\n    int cols = std::max(1, int(ImGui::GetContentRegionAvail().x / (cell + 8.f)));\n"
               "    if (ImGui::BeginTable(\"prefabs\", cols)) {\n        for (auto& p : prefabs_) {\n            ImGui::TableNextColumn();\n"
               "            if (ImGui::ImageButton(p.id.hex().c_str(), thumbs_.get(p), {cell, cell})) select(p);\n"
               "            ImGui::TextWrapped(\"%s\", p.name.c_str());\n        }\n        ImGui::EndTable();\n    }\n    thumbs_.renderPending(/*budget=*/2);")
        s.bash("cmake --build build --target mossgrove_editor 2>&1 | tail -1 && ./build/bin/mossgrove_editor --headless --open levels/harbor.mgl --script tools/bench/prefab_browser.lua 2>&1 | tail -3",
               "[424/424] Done\n[bench] 318 prefabs, thumbnails rendered: 318 in 161 frames\n[bench] frame time while rendering: mean 18.4 ms, max 41.0 ms\n[bench] VALIDATION: vkCmdPipelineBarrier: image layout UNDEFINED expected SHADER_READ_ONLY_OPTIMAL")
        s.say("318個全部描画できましたが、バリデーションエラーが1つあります。readback の後にレイアウト遷移が抜けているようです。")
        s.read("src/render/vk/Offscreen.cpp", "Image OffscreenTarget::readback() {\n    transition(color_, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);\n    copyToBuffer();\n    return mapAndCopy();\n}")
        s.grep("textures_.create", "src/editor/thumbnails/ThumbnailCache.cpp:21:    auto tex = textures_.create(img);\nsrc/render/vk/TextureStore.cpp:30:Texture TextureStore::create(const Image& img) {")
        s.read("src/render/vk/TextureStore.cpp", "Texture TextureStore::create(const Image& img) {\n    auto t = allocate(img.extent);\n    uploadStaging(t, img);\n    return t;\n}")
        s.edit("src/render/vk/TextureStore.cpp", "    uploadStaging(t, img);\n    return t;",
               "    transition(t.image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);\n    uploadStaging(t, img);\n"
               "    transition(t.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);\n    return t;")
        s.bash("cmake --build build --target mossgrove_editor 2>&1 | tail -1 && ./build/bin/mossgrove_editor --headless --open levels/harbor.mgl --script tools/bench/prefab_browser.lua 2>&1 | tail -3",
               "[424/424] Done\n[bench] 318 prefabs, thumbnails rendered: 0 (disk cache: 318)\n[bench] frame time: mean 7.1 ms, max 9.8 ms\n[bench] validation errors: 0")
        s.user("ありがとうございます！キャッシュから読むときは速いですね。プレハブを編集したらサムネイルが古いままになりませんか？")
        s.say("なります。今はファイル名が AssetId だけなので、プレハブの内容ハッシュもキーに入れます。")
        s.edit("src/editor/thumbnails/ThumbnailCache.cpp", "diskDir_ / (p.id.hex() + \".png\")", "diskDir_ / (p.id.hex() + \"-\" + p.contentHash.hex() + \".png\")")
        s.edit("src/editor/thumbnails/ThumbnailCache.cpp", "        savePng(diskDir_ / (id.hex() + \".png\"), img);", "        savePng(diskDir_ / (id.hex() + \"-\" + assets_.contentHash(id).hex() + \".png\"), img);")
        s.write("tests/editor/thumbnail_cache_test.cpp",
                "#include <gtest/gtest.h>\n#include \"editor/thumbnails/ThumbnailCache.h\"\n\nTEST(ThumbnailCache, EditedPrefabIsRenderedAgain) {\n"
                "    auto env = TestEnv::headless();\n    auto& p = env.addPrefab(\"crate\");\n    env.thumbs.get(p);\n    env.thumbs.renderPending(10);\n"
                "    p.contentHash = p.contentHash.next();\n    env.thumbs.get(p);\n    EXPECT_EQ(env.thumbs.pendingCount(), 1u);\n}")
        s.edit("tests/CMakeLists.txt", "add_mg_test(undo_budget_test editor/undo_budget_test.cpp)", "add_mg_test(undo_budget_test editor/undo_budget_test.cpp)\nadd_mg_test(thumbnail_cache_test editor/thumbnail_cache_test.cpp)")
        s.edit("src/editor/thumbnails/ThumbnailCache.h", "    void renderPending(int budget);  // call once per frame", "    void renderPending(int budget);  // call once per frame\n    size_t pendingCount() const { return pending_.size(); }")
        s.bash("cmake --build build && ctest --test-dir build -j8 2>&1 | tail -2", "100% tests passed, 0 tests failed out of 25\n\nTotal Test time (real) =   6.77 sec")
        s.bash("sed -i 's/- \\[ \\] prefab browser: thumbnails/- [x] prefab browser: thumbnails/' TODO.md && git add -A && git commit -qm 'editor: prefab browser thumbnails (offscreen render, disk cache keyed by content hash); fix texture layout transitions' && git log -1 --oneline",
               "3f5a0bd editor: prefab browser thumbnails (offscreen render, disk cache keyed by content hash); fix texture layout transitions")
        s.say(
            "コミットしました（`3f5a0bd`）。今日の作業：\n- `ThumbnailCache`：オフスクリーン描画（128×128、スタジオライティング）、1フレーム2個ずつ、PNGでディスクキャッシュ\n"
            "- プレハブブラウザをサムネイルのグリッド表示に変更\n- `TextureStore::create` のレイアウト遷移漏れを修正（バリデーションエラー0）\n"
            "- キャッシュのキーに内容ハッシュを追加、編集後は再描画（テスト追加、ctest 25/25）\n\n"
            "初回は318個で161フレーム（平均18 ms）、キャッシュありなら7 msです。古いPNGの削除はまだです。"
        )
        s.user("完璧です。古いPNGの掃除は来週やります。お疲れさまでした！")
        s.say("お疲れさまでした！")

    @session("g42-chinese-scratch-quota-float32", "petrichor", "2026-11-16T06:40:00", ["decision", "constraint"], others("decision", "constraint"))
    def _(s):
        s.user("你好，集群管理员刚发邮件说我们组的 /scratch 用到 9.6 TB 了，配额是 10 TB，超过以后所有作业都会写失败。ensemble 的输出是主要原因吗？")
        s.bash("ssh hpc 'lfs quota -h -g petrichor /scratch | tail -2; du -sh /scratch/petrichor/ensembles/* | sort -h | tail -4'",
               "Disk quotas for grp petrichor (gid 41022):\n     Filesystem    used   quota   limit   grace   files   quota   limit   grace\n       /scratch   9.61T     10T     10T       -  3.12M      0       0       -\n"
               "1.1T\t/scratch/petrichor/ensembles/sep\n2.3T\t/scratch/petrichor/ensembles/oct_storm\n2.4T\t/scratch/petrichor/ensembles/oct\n2.6T\t/scratch/petrichor/ensembles/nov")
        s.say("是的：四个 ensemble 目录加起来 8.4 TB。每个成员的输出是 Float64，50 个成员一个月大约 2.5 TB。配额是硬上限（quota = limit = 10T），没有宽限期。")
        s.user(
            "管理员说不会给我们加配额，10 TB 就是上限，归档到磁带要走单独的申请流程，要好几天。所以以后 scratch 上同时存在的数据必须控制在 10 TB 以内，"
            "最好留 1 TB 余量。你有什么办法？"
        )
        s.say(
            "几个办法：\n1. 输出改成 Float32：体积减半，流量的相对精度 ~1e-7，远小于模型误差；\n"
            "2. 只保留每日均值，小时数据只留给需要的成员：再小 24 倍，但会丢掉洪峰的时间信息；\n"
            "3. 每个月跑完就把上一个月打包申请归档。\n\n1 和 3 可以一起做；2 会影响 Ines 的洪峰分析。"
        )
        s.user("我们用 Float32。精度完全够，洪峰分析需要小时数据所以不做日均值。归档的事我去和 Ines 商量。改吧。")
        s.grep("Float64", "src/io/output.jl:7:    return zcreate(Float64, ncells(mesh), ntime; path = store, chunks = (max_subbasin_cells(mesh), 24),\nsrc/io/ensemble_output.jl:15:    buf = Matrix{Float64}(undef, nc, 24)")
        s.edit("src/io/output.jl", "    return zcreate(Float64, ncells(mesh), ntime;", "    return zcreate(Float32, ncells(mesh), ntime;")
        s.edit("src/io/ensemble_output.jl", "    buf = Matrix{Float64}(undef, nc, 24)",
               "    # 输出用 Float32：scratch 配额 10 TB 为硬上限（同时存在的数据需 < 9 TB），Float64 的精度对输出没有意义\n    buf = Matrix{Float32}(undef, nc, 24)")
        s.bash("julia --project -e 'using Pkg; Pkg.test(test_args=[\"output\"])' 2>&1 | tail -2", "Test Summary: | Pass  Total  Time\noutput        |   12     12  20.8s")
        s.say("已改成 Float32，测试通过。新的月度 ensemble 大约 1.3 TB。现有的四个目录仍然是 Float64，需要转换或归档才能腾出空间。")

    @session("g43-korean-r8-retrofit-crash", "ledgerly", "2026-11-17T11:00:00", ["runbook"], others("runbook", "decision"))
    def _(s):
        s.user(
            "안녕하세요. 릴리스 빌드에서만 앱이 시작하자마자 죽어요. 디버그는 괜찮아요. 크래시 로그:\n\n"
            "```\nFATAL EXCEPTION: main\njava.lang.IllegalArgumentException: Unable to create call adapter for class java.lang.Object\n"
            "    for method a.b\n    at retrofit2.Utils.methodError(Utils.java:54)\n    at retrofit2.HttpServiceMethod.createCallAdapter(HttpServiceMethod.java:116)\n"
            "Caused by: java.lang.IllegalStateException: Response must include generic type (e.g., Response<String>)\n```"
        )
        s.bash("git log --oneline -3 -- gradle/libs.versions.toml app/proguard-rules.pro", "a91c3e0 deps: AGP 8.7.2, R8 full mode default\n77de1f2 deps: retrofit 2.11.0")
        s.read("app/proguard-rules.pro", "-keep class app.ledgerly.network.dto.** { *; }\n-keepattributes Signature")
        s.say(
            "AGP 8.x에서 R8 full mode가 기본값이 되면서, suspend 함수의 `Continuation` 제네릭 시그니처와 Retrofit 인터페이스가 "
            "제거됩니다. 그래서 Retrofit이 반환 타입을 `Object`로 보고 실패합니다. Retrofit 2.11의 내장 규칙만으로는 부족한 "
            "경우가 있어서 아래 규칙을 추가해야 합니다."
        )
        s.edit("app/proguard-rules.pro", "-keepattributes Signature",
               "-keepattributes Signature, InnerClasses, EnclosingMethod, RuntimeVisibleAnnotations, AnnotationDefault\n"
               "# R8 full mode: Retrofit 인터페이스와 suspend 함수의 제네릭 시그니처 유지\n"
               "-if interface * { @retrofit2.http.* <methods>; }\n-keep,allowobfuscation interface <1>\n"
               "-keep,allowobfuscation,allowshrinking class kotlin.coroutines.Continuation\n"
               "-keep,allowobfuscation,allowshrinking interface retrofit2.Call\n-keep,allowobfuscation,allowshrinking class retrofit2.Response")
        s.bash("./gradlew :app:assembleRelease -q && adb install -r app/build/outputs/apk/release/app-release.apk >/dev/null && adb shell am start -W -n app.ledgerly/.MainActivity | grep -E 'Status|TotalTime' && sleep 5 && adb logcat -d -b crash | grep -c FATAL",
               "Status: ok\nTotalTime: 812\n0")
        s.user("됐어요! 다음에 또 이러면 바로 찾을 수 있게 docs/build-troubleshooting.md 에 정리해 주세요.")
        s.edit("docs/build-troubleshooting.md", "## Duplicate class kotlin.collections.jdk8.* after a Kotlin bump\n",
               "## 릴리스 빌드만 시작 시 크래시: \"Unable to create call adapter for class java.lang.Object\"\n\n"
               "원인: R8 full mode(AGP 8 기본값)가 Retrofit 인터페이스와 `Continuation`의 제네릭 시그니처를 제거함.\n\n"
               "1. `adb logcat -d -b crash`에서 `Response must include generic type` 확인\n"
               "2. `app/proguard-rules.pro`에 Retrofit/코루틴 keep 규칙이 있는지 확인 (`-if interface * { @retrofit2.http.* <methods>; }` 등)\n"
               "3. `./gradlew :app:assembleRelease` 후 실기기/에뮬레이터에서 실행, crash 버퍼에 FATAL이 없으면 OK\n\n"
               "## Duplicate class kotlin.collections.jdk8.* after a Kotlin bump\n")
        s.say("`docs/build-troubleshooting.md`에 증상, 원인, 확인 방법을 추가했습니다.")

    @session("g44-french-function-heads-not-cond", "saltmarsh", "2026-11-18T15:30:00", ["preference"], others("preference", "decision"))
    def _(s):
        s.user("Ajoute une fonction qui donne le libellé du statut d'un rendez-vous pour l'affichage : confirmé, annulé, absent, terminé.")
        s.edit("lib/saltmarsh/scheduling/appointment.ex", "  def duration(%__MODULE__{} = a),",
               "  def status_label(appt) do\n    cond do\n      appt.cancelled_at != nil -> \"Annulé\"\n      appt.no_show -> \"Absent\"\n"
               "      appt.completed_at != nil -> \"Terminé\"\n      true -> \"Confirmé\"\n    end\n  end\n\n  def duration(%__MODULE__{} = a),")
        s.say("Ajouté `status_label/1` dans `appointment.ex`.")
        s.user(
            "Merci. Petite remarque de style, et ça vaut pour tout le code que tu écris ici : on évite les `cond` et les `if` "
            "imbriqués quand on peut faire du pattern matching dans les têtes de fonction. Une clause par cas, c'est plus "
            "lisible en revue et le compilateur nous prévient si on en oublie une. Et pas de `true ->` fourre-tout."
        )
        s.edit("lib/saltmarsh/scheduling/appointment.ex",
               "  def status_label(appt) do\n    cond do\n      appt.cancelled_at != nil -> \"Annulé\"\n      appt.no_show -> \"Absent\"\n"
               "      appt.completed_at != nil -> \"Terminé\"\n      true -> \"Confirmé\"\n    end\n  end",
               "  def status_label(%__MODULE__{cancelled_at: %DateTime{}}), do: \"Annulé\"\n  def status_label(%__MODULE__{no_show: true}), do: \"Absent\"\n"
               "  def status_label(%__MODULE__{completed_at: %DateTime{}}), do: \"Terminé\"\n  def status_label(%__MODULE__{cancelled_at: nil, no_show: false, completed_at: nil}), do: \"Confirmé\"")
        s.bash("mix test test/saltmarsh/scheduling 2>&1 | tail -1", "22 tests, 0 failures")
        s.say("Réécrit avec une clause par statut, sans clause fourre-tout ; les tests du module passent.")

    @session("g45-long-spanish-gauge-assimilation", "petrichor", "2026-11-19T08:30:00", ["session_summary", "tech_debt"], others("session_summary", "tech_debt", "constraint", "preference", "decision"))
    def _(s):
        s.user(
            "¡Hola! Hoy toca algo gordo: asimilar las observaciones de los aforos (caudal medido en las estaciones) en el "
            "pronóstico operativo. La idea es un filtro de Kalman por conjuntos (EnKF) sobre el estado de caudal de la "
            "red de drenaje, cada 6 horas, con los 50 miembros que ya tenemos. Sin prisa pero sin pausa, ¿empezamos mirando "
            "cómo llegan los datos de las estaciones?"
        )
        s.bash("ls data/gauges/ && head -4 data/gauges/saih_ebro_2024-11.csv", "saih_ebro_2024-10.csv\nsaih_ebro_2024-11.csv\nstations.csv\n"
               "station_id;timestamp;q_m3s;quality\nA011;2024-11-01T00:00:00Z;48.2;V\nA011;2024-11-01T00:15:00Z;48.4;V\nA011;2024-11-01T00:30:00Z;;M")
        s.bash("head -3 data/gauges/stations.csv && wc -l data/gauges/stations.csv", "station_id;name;lon;lat;cell_id\nA011;Ebro en Zaragoza;-0.877;41.657;118203\nA027;Segre en Lleida;0.621;41.614;97120\n143 data/gauges/stations.csv")
        s.say("142 estaciones con su celda del modelo, datos cada 15 min con calidad V (válido) o M (falta). Haré un lector que agregue a medias de 6 h y descarte los intervalos con más de la mitad de datos faltantes.")
        s.write("src/assimilation/gauges.jl",
                "\"\"\"\n    read_gauges(path, stations; window = Hour(6))\n\nLee los aforos SAIH y devuelve medias por ventana; descarta ventanas con < 50 % de datos válidos.\n\"\"\"\n"
                "function read_gauges(path, stations; window = Hour(6))\n    df = CSV.read(path, DataFrame; delim = ';', dateformat = \"yyyy-mm-ddTHH:MM:SSZ\")\n"
                "    filter!(r -> r.quality == \"V\" && !ismissing(r.q_m3s), df)\n    df.win = floor.(df.timestamp, window)\n"
                "    g = combine(groupby(df, [:station_id, :win]), :q_m3s => mean => :q, nrow => :n)\n"
                "    filter!(r -> r.n >= Dates.value(window) * 2, g)  # 4 datos/hora → ≥ 50 %\n    return leftjoin(g, stations, on = :station_id)\nend")
        s.bash("julia --project -e 'using Petrichor; g = Petrichor.read_gauges(\"data/gauges/saih_ebro_2024-11.csv\", Petrichor.read_stations(\"data/gauges/stations.csv\")); println(size(g)); println(first(g, 2))'",
               "(16328, 6)\n2×6 DataFrame\n Row │ station_id  win                  q        n      name              cell_id\n─────┼──────────────────────────────────────────────────────────────────────────────\n"
               "   1 │ A011        2024-11-01T00:00:00  48.31    24     Ebro en Zaragoza  118203\n   2 │ A011        2024-11-01T06:00:00  51.07    23     Ebro en Zaragoza  118203")
        s.user("¡Bien! Ahora el filtro. Error de observación: 10 % del caudal medido, con un mínimo de 1 m³/s. Localización: cada estación solo corrige las celdas aguas arriba hasta 50 km de red.")
        s.write("src/assimilation/enkf.jl",
                "\"\"\"\n    enkf_update!(X, y, H, R; loc)\n\nActualización EnKF estocástica. `X`: estados (celdas × miembros), `y`: observaciones, `H`: índices de celda observados,\n"
                "`R`: varianzas de observación, `loc`: matriz de localización (celdas × observaciones).\n\"\"\"\n"
                "function enkf_update!(X, y, H, R; loc, rng = Random.default_rng())\n    N = size(X, 2)\n    Xm = mean(X; dims = 2)\n    A = X .- Xm\n"
                "    HA = A[H, :]\n    PHt = (A * HA') ./ (N - 1) .* loc\n    HPHt = (HA * HA') ./ (N - 1) .* loc[H, :]\n    K = PHt / (HPHt + Diagonal(R))\n"
                "    for m in 1:N\n        yp = y .+ sqrt.(R) .* randn(rng, length(y))\n        X[:, m] .+= K * (yp .- X[H, m])\n    end\n    clamp!(X, 0, Inf)\n    return X\nend")
        s.write("src/assimilation/localization.jl",
                "\"\"\"\n    upstream_localization(net, H; radius_km = 50)\n\nPeso 1 para celdas aguas arriba de cada estación dentro de `radius_km` de red, decayendo con Gaspari-Cohn; 0 en el resto.\n\"\"\"\n"
                "function upstream_localization(net, H; radius_km = 50)\n    L = spzeros(ncells(net), length(H))\n    for (j, h) in enumerate(H)\n"
                "        for (c, d) in upstream_within(net, h, radius_km)\n            L[c, j] = gaspari_cohn(d / radius_km)\n        end\n    end\n    return L\nend")
        s.bash("julia --project -e 'using Petrichor' 2>&1 | tail -4", "ERROR: LoadError: UndefVarError: `upstream_within` not defined\nStacktrace:\n [1] top-level scope\n   @ ~/research/petrichor/src/assimilation/localization.jl:9", error=True)
        s.grep("function upstream|function downstream", "src/routing/network.jl:44:function upstream_cells(net, c)\nsrc/routing/network.jl:61:function downstream_path(net, c)")
        s.read("src/routing/network.jl", "function upstream_cells(net, c)\n    # BFS sobre la red invertida, sin distancia\n    seen = Set([c]); q = [c]\n"
               "    while !isempty(q)\n        x = popfirst!(q)\n        for u in net.inflows[x]\n            u in seen || (push!(seen, u); push!(q, u))\n        end\n    end\n    return seen\nend")
        s.edit("src/routing/network.jl", "function downstream_path(net, c)",
               "\"\"\"\n    upstream_within(net, c, radius_km)\n\nCeldas aguas arriba de `c` con su distancia por la red (km), hasta `radius_km`.\n\"\"\"\n"
               "function upstream_within(net, c, radius_km)\n    dist = Dict(c => 0.0); q = [c]\n    while !isempty(q)\n        x = popfirst!(q)\n"
               "        for u in net.inflows[x]\n            d = dist[x] + net.reach_length_km[u]\n            if d <= radius_km && d < get(dist, u, Inf)\n"
               "                dist[u] = d; push!(q, u)\n            end\n        end\n    end\n    return dist\nend\n\nfunction downstream_path(net, c)")
        s.bash("julia --project -e 'using Petrichor; println(\"ok\")'", "ok")
        s.write("test/enkf.jl",
                "@testset \"EnKF\" begin\n    rng = StableRNG(1)\n    @testset \"una observación perfecta arrastra la media\" begin\n"
                "        X = 10 .+ randn(rng, 5, 200)\n        enkf_update!(X, [20.0], [3], [1e-6]; loc = ones(5, 1), rng)\n        @test mean(X[3, :]) ≈ 20 atol = 0.05\n    end\n"
                "    @testset \"sin localización no se toca nada fuera del radio\" begin\n        X = 10 .+ randn(rng, 5, 200); X0 = copy(X)\n"
                "        loc = [1.0; 1.0; 1.0; 0.0; 0.0][:, :]\n        enkf_update!(X, [20.0], [3], [1.0]; loc, rng)\n        @test X[4:5, :] == X0[4:5, :]\n    end\n"
                "    @testset \"caudal nunca negativo\" begin\n        X = abs.(randn(rng, 5, 100))\n        enkf_update!(X, [0.0], [1], [1e-4]; loc = ones(5, 1), rng)\n        @test all(>=(0), X)\n    end\nend")
        s.bash("julia --project -e 'using Pkg; Pkg.test(test_args=[\"enkf\"])' 2>&1 | tail -3", "Test Summary: | Pass  Total  Time\nEnKF          |    3      3   4.2s")
        s.say("El lector de aforos, la actualización EnKF y la localización aguas arriba están hechos, con tests. Ahora lo conecto al bucle de pronóstico.")
        s.read("src/forecast/operational.jl", "function run_forecast!(ens, forcing, tspan)\n    for t in tspan\n        Threads.@threads for m in eachindex(ens)\n"
               "            step!(ens[m], forcing[m], t)\n        end\n        write_outputs(ens, t)\n    end\nend")
        s.edit("src/forecast/operational.jl", "            step!(ens[m], forcing[m], t)\n        end\n",
               "            step!(ens[m], forcing[m], t)\n        end\n        if assimilation_time(t) && (obs = gauges_at(t)) !== nothing\n"
               "            X = reduce(hcat, (e.q for e in ens))\n            enkf_update!(X, obs.q, obs.cells, obs_variance(obs.q); loc = LOC[])\n"
               "            for m in eachindex(ens)\n                ens[m].q .= @view X[:, m]\n            end\n        end\n")
        s.bash("julia --project scripts/hindcast.jl --case ebro_2024_11_flood --members 50 --assimilate 2>&1 | tail -5",
               "[hindcast] 120 pasos, 20 análisis\nERROR: LoadError: OutOfMemoryError()\nStacktrace:\n  [1] Array\n    @ ./boot.jl:479 [inlined]\n  [2] *(A::Matrix{Float64}, B::Adjoint{Float64, Matrix{Float64}})", error=True)
        s.say(
            "Falta memoria en `A * HA'`: es una matriz densa de 182 340 celdas × 142 observaciones… eso son solo 200 MB, pero "
            "multiplicado por `loc` densa (`.* loc`) con `loc` dispersa convertida a densa, y `X` copiada por `reduce(hcat)`, "
            "más los temporales, se va a varios GB por análisis en 16 hilos. Lo correcto sería calcular la ganancia solo para "
            "las celdas con peso de localización no nulo (unas 9 000)."
        )
        s.edit("src/assimilation/enkf.jl", "    HA = A[H, :]\n    PHt = (A * HA') ./ (N - 1) .* loc\n",
               "    HA = A[H, :]\n    rows = unique(findnz(loc)[1])               # solo celdas con peso > 0\n    PHt = spzeros(size(X, 1), length(H))\n"
               "    PHt[rows, :] = (A[rows, :] * HA') ./ (N - 1) .* loc[rows, :]\n")
        s.bash("julia --project scripts/hindcast.jl --case ebro_2024_11_flood --members 50 --assimilate 2>&1 | tail -4",
               "[hindcast] 120 pasos, 20 análisis\n[hindcast] tiempo total 14m02s (análisis: 3m41s)\n[hindcast] NSE Zaragoza: sin asimilación 0.61, con asimilación 0.87\n[hindcast] pico Zaragoza: obs 1912 m³/s, sin 1540, con 1861")
        s.user("¡¡0,87 en Zaragoza!! Y el pico casi clavado. Estoy emocionada. ¿Cuánto tardan los análisis, has dicho 3m41s para 20? Algo lento, ¿no?")
        s.bash("julia --project -e 'using Petrichor, Profile; Petrichor.profile_analysis(\"ebro_2024_11_flood\")' 2>&1 | head -6",
               "Tiempo por análisis: 11.0 s\n  enkf_update! (ganancia K)       1.2 s\n  enkf_update! (bucle miembros)   0.9 s\n  reduce(hcat, ...) + copia       0.4 s\n"
               "  upstream_localization           8.3 s   ← se recalcula en cada análisis\n  otros                           0.2 s")
        s.say("El 75 % del tiempo es `upstream_localization`, que se recalcula en cada análisis aunque la red y las estaciones no cambian. Se puede calcular una vez al inicio.")
        s.edit("src/forecast/operational.jl", "function run_forecast!(ens, forcing, tspan)\n",
               "function run_forecast!(ens, forcing, tspan)\n    LOC[] = upstream_localization(NET[], station_cells(); radius_km = 50)\n")
        s.bash("julia --project scripts/hindcast.jl --case ebro_2024_11_flood --members 50 --assimilate 2>&1 | tail -3",
               "[hindcast] tiempo total 10m49s (análisis: 0m51s)\n[hindcast] NSE Zaragoza: sin asimilación 0.61, con asimilación 0.87\n[hindcast] pico Zaragoza: obs 1912 m³/s, sin 1540, con 1861")
        s.user(
            "Perfecto. Una cosa que me preocupa: ahora mismo el error de observación es el 10 % fijo para todas las estaciones, "
            "y sé que algunas (las del Segre sobre todo) tienen curvas de gasto malísimas, con errores del 30 % en aguas altas. "
            "Hacerlo bien requiere las curvas de gasto con su incertidumbre, que la Confederación nos debe desde hace meses. "
            "No lo vamos a resolver hoy. Déjalo apuntado como deuda, con lo que sabemos, en DEBT.md y en el código."
        )
        s.edit("src/assimilation/gauges.jl", "function read_gauges(path, stations; window = Hour(6))",
               "# DEUDA (DEBT.md, \"error de observación fijo\"): obs_variance usa 10 % para todas las estaciones.\nfunction read_gauges(path, stations; window = Hour(6))")
        s.edit("DEBT.md", "# Technical debt\n",
               "# Technical debt\n\n## Error de observación fijo en la asimilación (nov 2026)\n`obs_variance` asume un 10 % (mín. 1 m³/s) para las 142 estaciones. "
               "Algunas (Segre: A027, A031, A044) tienen curvas de gasto con errores de ~30 % en aguas altas, así que el filtro confía "
               "demasiado en ellas en crecidas. Pendiente porque la Confederación aún no ha enviado las curvas de gasto con su "
               "incertidumbre. Solución: varianza por estación y por caudal a partir de esas curvas; mientras tanto se podría subir a "
               "30 % a mano en esas tres. Hecho cuando el hindcast de noviembre 2024 no empeore en ninguna estación del Segre al asimilar.\n")
        s.bash("julia --project -e 'using Pkg; Pkg.test()' 2>&1 | tail -3", "Test Summary: | Pass  Total     Time\nPetrichor     |  318    318  11m12.0s\n     Testing Petrichor tests passed")
        s.bash("git add -A && git commit -qm 'assimilation: EnKF of SAIH gauge discharge every 6 h (upstream localisation, 50 members); fixed obs error noted as debt' && git log -1 --oneline",
               "c03b9d7 assimilation: EnKF of SAIH gauge discharge every 6 h (upstream localisation, 50 members); fixed obs error noted as debt")
        s.say(
            "Commit `c03b9d7`. Resumen del día:\n- lector de aforos SAIH con medias de 6 h y control de calidad\n- `enkf_update!` (EnKF estocástico, caudal ≥ 0) y "
            "localización aguas arriba de 50 km con Gaspari-Cohn, calculada una vez por pronóstico\n- integrado en `run_forecast!` cada 6 h\n"
            "- hindcast crecida nov. 2024: NSE en Zaragoza de 0,61 a 0,87, pico 1861 frente a 1912 observados; análisis 51 s en total\n"
            "- deuda: error de observación fijo del 10 % (DEBT.md)\n- 318 tests en verde\n\n"
            "Próximo paso posible: validar en el resto de estaciones y con la crecida de marzo 2024."
        )
