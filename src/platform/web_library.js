// gpuplan platform: JavaScript side of the browser glue, linked with --js-library.
// Functions here are called from C++ (src/platform/web_main.cpp); they talk only to this page.
mergeInto(LibraryManager.library, {
    // Copies text with the asynchronous clipboard API (falls back to a hidden textarea on old browsers).
    gpuplan_js_copy_text: function (text_ptr) {
        var text = UTF8ToString(text_ptr);
        function fallback() {
            var area = document.createElement('textarea');
            area.value = text;
            area.setAttribute('readonly', '');
            area.style.position = 'fixed';
            area.style.opacity = '0';
            document.body.appendChild(area);
            area.select();
            try { document.execCommand('copy'); } catch (e) { /* nothing else to try */ }
            document.body.removeChild(area);
        }
        if (navigator.clipboard && navigator.clipboard.writeText) {
            navigator.clipboard.writeText(text).catch(fallback);
        } else {
            fallback();
        }
        if (window.gpuplan) window.gpuplan.lastCopied = text;
    },

    // Puts the visitor's edited scenario in the address bar as a new history entry, so Back undoes the change.
    // Edits less than a second apart (the digits of one number) share an entry.
    gpuplan_js_replace_hash: function (hash_ptr) {
        var hash = UTF8ToString(hash_ptr);
        var hooks = window.gpuplan || (window.gpuplan = {});
        hooks.expectedHash = hash;
        var now = Date.now();
        var push = !hooks.lastHashPush || now - hooks.lastHashPush > 1000;
        hooks.lastHashPush = now;
        try {
            if (push) history.pushState(null, '', hash);
            else history.replaceState(null, '', hash);
        } catch (e) {
            // file:// pages in some browsers refuse pushState; the hash is still worth setting.
            if (location.hash !== hash) location.hash = hash;
        }
    },

    // A frame was drawn: window.gpuplan.frames counts them (tests check that an idle page draws none), and
    // gpuplan.firstFrameMs is when the first full frame was on the canvas (performance.now(), bench/page.mjs).
    gpuplan_js_frame_drawn: function (first_full_frame) {
        var hooks = window.gpuplan || (window.gpuplan = {});
        hooks.frames = (hooks.frames || 0) + 1;
        if (first_full_frame) {
            hooks.firstFrameMs = performance.now();
            var loading = document.getElementById('loading');
            if (loading) loading.remove();
            if (typeof hooks.onFirstFrame === 'function') hooks.onFirstFrame(); // web/index.html: fetch the site's catalogs
        }
    },

    // The first full frame is on screen and the site's catalogs are applied: tell tests.
    gpuplan_js_set_ready: function () {
        var hooks = window.gpuplan || (window.gpuplan = {});
        hooks.ready = true;
        var loading = document.getElementById('loading');
        if (loading) loading.remove();
    },

    // The app cannot run (no WebGL2): replace the loading indicator with a readable message.
    gpuplan_js_fail: function (message_ptr) {
        var message = UTF8ToString(message_ptr);
        if (typeof window.gpuplanShowError === 'function') window.gpuplanShowError(message);
        var hooks = window.gpuplan || (window.gpuplan = {});
        hooks.error = message;
    },

    // The "Choose file" button: the page's hidden <input type=file> (web/index.html imports what is chosen).
    gpuplan_js_open_file_picker: function () {
        var input = document.getElementById('price-file');
        if (input) input.click();
    },

    // A source link the visitor clicked (Accuracy panel): a new tab, without access back to this page.
    gpuplan_js_open_url: function (url_ptr) {
        var url = UTF8ToString(url_ptr);
        if (!/^https?:\/\//.test(url)) return;
        window.open(url, '_blank', 'noopener,noreferrer');
    },

    // Phone keyboard: 0 hide, 1 numeric keypad, 2 text (web/index.html owns the hidden <input>).
    gpuplan_js_keyboard: function (kind) {
        if (typeof window.gpuplanKeyboard === 'function') window.gpuplanKeyboard(kind);
    },

    // Canvas cursor: 0 arrow, 1 text, 2 pointer.
    gpuplan_js_set_cursor: function (kind) {
        var canvas = document.getElementById('canvas');
        if (canvas) canvas.style.cursor = kind === 1 ? 'text' : kind === 2 ? 'pointer' : 'default';
    },
});
