// gpuplan ui: the string table (English, Russian) and translations of engine warnings and derivation labels.
//
// Index
// [SECTION] String table
// [SECTION] Lookup
// [SECTION] Warnings and derivation labels
#include "ui/i18n.h"

#include <cstring>

#include "engine/derivation.h"
#include "engine/formats.h"
#include "engine/result.h"
#include "engine/scenario.h"
#include "ui/view.h"

//-----------------------------------------------------------------------------
// [SECTION] String table
//-----------------------------------------------------------------------------

namespace {

struct Entry {
    Str         Id;
    const char* Text[static_cast<int>(Language::Count)]; // English, Russian
};

// Keep the order of enum Str (checked at start-up by TableIsInOrder()).
const Entry kTable[] = {
    {Str::AppTitle,              {"gpuplan", "gpuplan"}},
    {Str::AppTagline,            {"GPU sizing and cost for LLMs", "Подбор GPU и стоимости для LLM"}},
    {Str::CopyLink,              {"Copy link", "Копировать ссылку"}},
    {Str::LinkCopied,            {"Link copied", "Ссылка скопирована"}},
    {Str::LanguageToggle,        {"RU", "EN"}},
    {Str::NoticeCatalogFallback, {"Catalogs could not be loaded from the site; using the built-in copy.",
                                  "Каталоги с сайта не загрузились; используется встроенная копия."}},
    {Str::NoticeCatalogIssues,   {"The catalogs have problems; some entries may be missing.",
                                  "В каталогах есть ошибки; часть записей может отсутствовать."}},
    {Str::NoticeBadLink,         {"The link is damaged; showing the default scenario.",
                                  "Ссылка повреждена; показан сценарий по умолчанию."}},
    {Str::NoticeLinkWarnings,    {"The link has fields this version does not know; they were ignored.",
                                  "В ссылке есть поля, неизвестные этой версии; они пропущены."}},
    {Str::Dismiss,               {"Dismiss", "Скрыть"}},

    {Str::SectionWorkload,       {"Workload", "Задача"}},
    {Str::SectionModel,          {"Model", "Модель"}},
    {Str::SectionHardware,       {"Hardware", "Оборудование"}},
    {Str::SectionPrecision,      {"Precision", "Точность"}},
    {Str::SectionInference,      {"Serving", "Инференс"}},
    {Str::SectionTraining,       {"Training", "Обучение"}},
    {Str::SectionSla,            {"Service level (optional)", "Требования к сервису (необязательно)"}},
    {Str::TabInference,          {"Inference", "Инференс"}},
    {Str::TabPretrain,           {"Pre-train", "Предобуч."}},
    {Str::TabFullFinetune,       {"Fine-tune", "Дообуч."}},
    {Str::TabLora,               {"LoRA", "LoRA"}},
    {Str::TabQlora,              {"QLoRA", "QLoRA"}},
    {Str::Workload,              {"Workload", "Задача"}},
    {Str::WorkloadInference,     {"Inference", "Инференс"}},
    {Str::WorkloadPretrain,      {"Pre-training", "Предобучение"}},
    {Str::WorkloadFullFinetune,  {"Full fine-tuning", "Полное дообучение"}},
    {Str::WorkloadLora,          {"LoRA fine-tuning", "Дообучение LoRA"}},
    {Str::WorkloadQlora,         {"QLoRA fine-tuning", "Дообучение QLoRA"}},
    {Str::Model,                 {"Model", "Модель"}},
    {Str::CustomModel,           {"Custom architecture", "Своя архитектура"}},
    {Str::SearchHint,            {"Search", "Поиск"}},
    {Str::NoMatches,             {"No matches", "Ничего не найдено"}},
    {Str::Params,                {"params", "парам."}},
    {Str::ParamsBillions,        {"Parameters, billions", "Параметры, млрд"}},
    {Str::Layers,                {"Layers", "Слои"}},
    {Str::Hidden,                {"Hidden size", "Ширина модели"}},
    {Str::Heads,                 {"Attention heads", "Головы внимания"}},
    {Str::KvHeads,               {"KV heads", "KV-головы"}},
    {Str::HeadDim,               {"Head dim (0 = auto)", "Размер головы (0 = авто)"}},
    {Str::Ffn,                   {"MLP width", "Ширина MLP"}},
    {Str::Vocab,                 {"Vocabulary", "Словарь"}},
    {Str::Gpu,                   {"GPU", "GPU"}},
    {Str::GpuCount,              {"GPU count", "Число GPU"}},
    {Str::PrecisionWeights,      {"Weights", "Веса"}},
    {Str::PrecisionKvCache,      {"KV cache", "KV-кэш"}},
    {Str::PrecisionCompute,      {"Compute", "Вычисления"}},
    {Str::ServingMode,           {"Mode", "Режим"}},
    {Str::ModeOnline,            {"Online", "Онлайн"}},
    {Str::ModeBatch,             {"Batch", "Пакетный"}},
    {Str::ContextTokens,         {"Context, tokens", "Контекст, токенов"}},
    {Str::ContextAuto,           {"0 = input + output", "0 = вход + выход"}},
    {Str::InputTokens,           {"Input, tokens", "Вход, токенов"}},
    {Str::OutputTokens,          {"Output, tokens", "Выход, токенов"}},
    {Str::Concurrency,           {"Concurrent sequences", "Одновременных запросов"}},
    {Str::TensorParallel,        {"Tensor parallel", "Тензорный параллелизм"}},
    {Str::PipelineParallel,      {"Pipeline parallel", "Конвейерный параллелизм"}},
    {Str::TtftSla,               {"Max time to first token, s", "Макс. время до 1-го токена, с"}},
    {Str::MinTokensPerUser,      {"Min tokens/s per user", "Мин. токенов/с на пользователя"}},
    {Str::TargetUsers,           {"Concurrent users", "Одновременных пользователей"}},
    {Str::ZeroMeansNone,         {"0 = no requirement", "0 = без требования"}},
    {Str::TrainTokensBillions,   {"Tokens, billions", "Токенов, млрд"}},
    {Str::SeqLen,                {"Sequence length", "Длина последовательности"}},
    {Str::MicroBatch,            {"Micro-batch", "Микробатч"}},
    {Str::ZeroStage,             {"ZeRO stage", "Стадия ZeRO"}},
    {Str::Recompute,             {"Recompute", "Перевычисление"}},
    {Str::RecomputeNone,         {"none", "нет"}},
    {Str::RecomputeSelective,    {"selective", "выборочное"}},
    {Str::RecomputeFull,         {"full", "полное"}},
    {Str::Optimizer,             {"Optimizer", "Оптимизатор"}},
    {Str::LoraRank,              {"LoRA rank", "Ранг LoRA"}},
    {Str::OffloadOptimizer,      {"Optimizer states on CPU", "Оптимизатор в памяти CPU"}},
    {Str::OptimizerInBackward,   {"Optimizer step in backward", "Шаг оптимизатора в обратном проходе"}},
    {Str::LossChunks,            {"Loss chunks", "Частей в функции потерь"}},
    {Str::SequenceParallel,      {"Sequence parallel", "Параллелизм по последовательности"}},
    {Str::Off,                   {"off", "выкл."}},
    {Str::On,                    {"on", "вкл."}},

    {Str::SectionResults,        {"Result", "Результат"}},
    {Str::SectionMemory,         {"Memory per GPU", "Память на один GPU"}},
    {Str::SectionSpeed,          {"Speed", "Скорость"}},
    {Str::SectionTraining2,      {"Training run", "Обучение"}},
    {Str::SectionWarnings,       {"Warnings", "Предупреждения"}},
    {Str::SectionDerivation,     {"How was this computed", "Как это посчитано"}},
    {Str::SectionSources,        {"Sources", "Источники"}},
    {Str::Fits,                  {"Fits", "Помещается"}},
    {Str::DoesNotFit,            {"Does not fit", "Не помещается"}},
    {Str::NeedsGpus,             {"needs %d GPUs", "нужно GPU: %d"}},
    {Str::OfCapacity,            {"%s of %s per GPU", "%s из %s на GPU"}},
    {Str::PerGpu,                {"per GPU", "на GPU"}},
    {Str::Usable,                {"Usable (serving limit)", "Доступно (лимит сервера)"}},
    {Str::Capacity,              {"GPU capacity", "Объём GPU"}},
    {Str::Total,                 {"Total", "Всего"}},
    {Str::PartWeights,           {"Weights", "Веса"}},
    {Str::PartKvCache,           {"KV cache", "KV-кэш"}},
    {Str::PartActivations,       {"Activations", "Активации"}},
    {Str::PartGradients,         {"Gradients", "Градиенты"}},
    {Str::PartOptimizer,         {"Optimizer", "Оптимизатор"}},
    {Str::PartOverhead,          {"Overhead", "Накладные"}},
    {Str::Ttft,                  {"Time to first token", "Время до 1-го токена"}},
    {Str::Tpot,                  {"Time per output token", "Время на токен"}},
    {Str::TokensPerUser,         {"Tokens/s per user", "Токенов/с на польз."}},
    {Str::Throughput,            {"Throughput", "Пропускная способность"}},
    {Str::MaxConcurrency,        {"Max concurrency", "Макс. одновременных"}},
    {Str::RequestsPerS,          {"Requests/s", "Запросов/с"}},
    {Str::TrainTime,             {"Wall-clock time", "Время обучения"}},
    {Str::GpuHours,              {"GPU-hours", "GPU-часы"}},
    {Str::Mfu,                   {"MFU", "MFU"}},
    {Str::TokensPerGpu,          {"Tokens/s per GPU", "Токенов/с на GPU"}},
    {Str::TrainFlops,            {"Compute", "Вычисления"}},
    {Str::NotAvailable,          {"n/a", "н/д"}},
    {Str::NotYetComputed,        {"n/a: not computed by this version of the engine yet",
                                  "н/д: эта версия движка ещё не считает"}},
    {Str::CannotEvaluate,        {"Cannot evaluate this scenario", "Этот сценарий не считается"}},
    {Str::NoWarnings,            {"No warnings.", "Предупреждений нет."}},
    {Str::Step,                  {"Step", "Шаг"}},
    {Str::Formula,               {"Formula", "Формула"}},
    {Str::Value,                 {"Value", "Значение"}},
    {Str::SourceGpu,             {"GPU", "GPU"}},
    {Str::SourceModel,           {"Model", "Модель"}},
    {Str::SourcePrices,          {"Prices", "Цены"}},
    {Str::AsOf,                  {"as of", "на"}},
    {Str::DaysOld,               {"%d days old", "%d дн. назад"}},
    {Str::PriceSummary,          {"%d offers from %d providers, %s to %s", "%d предложений от %d провайдеров, с %s по %s"}},
    {Str::NoPrices,              {"no price data loaded", "цены не загружены"}},

    {Str::UnitGb,                {"GB", "ГБ"}},
    {Str::UnitMb,                {"MB", "МБ"}},
    {Str::UnitKb,                {"kB", "кБ"}},
    {Str::UnitB,                 {"B", "Б"}},
    {Str::UnitMs,                {"ms", "мс"}},
    {Str::UnitS,                 {"s", "с"}},
    {Str::UnitMin,               {"min", "мин"}},
    {Str::UnitH,                 {"h", "ч"}},
    {Str::UnitDays,              {"days", "дн."}},
    {Str::UnitTokensPerS,        {"tokens/s", "токенов/с"}},
    {Str::UnitTokens,            {"tokens", "токенов"}},
    {Str::UnitReqPerS,           {"req/s", "запр./с"}},
    {Str::UnitSequences,         {"sequences", "посл."}},
    {Str::UnitGpus,              {"GPUs", "GPU"}},
    {Str::UnitParams,            {"params", "парам."}},
    {Str::UnitGpuHours,          {"GPU-h", "GPU-ч"}},
    {Str::UnitTb,                {"TB", "ТБ"}},
    {Str::UnitTbPerS,            {"TB/s", "ТБ/с"}},
    {Str::UnitTflops,            {"TFLOPS", "TFLOPS"}},
    {Str::UnitGbPerS,            {"GB/s", "ГБ/с"}},
    {Str::WordActive,            {"active", "активных"}},
    {Str::WordLayers,            {"layers", "слоёв"}},
    {Str::WordContext,           {"context", "контекст"}},
    {Str::SuffixMillion,         {"M", "млн"}},
    {Str::SuffixBillion,         {"B", "млрд"}},
    {Str::SuffixTrillion,        {"T", "трлн"}},

    {Str::SectionCost, {"Cost", "Стоимость"}},
    {Str::Currency, {"Currency", "Валюта"}},
    {Str::Provider, {"Provider", "Провайдер"}},
    {Str::AllProviders, {"All providers", "Все провайдеры"}},
    {Str::OwnRate, {"Your rate per GPU-hour", "Своя ставка за GPU-час"}},
    {Str::OwnRateHint, {"0 = cheapest catalog offer", "0 = самое дешёвое предложение"}},
    {Str::YourRatePerHour, {"At your rate, per hour", "По вашей ставке, в час"}},
    {Str::OnDemandPerHour, {"Cheapest on-demand, per hour", "Самая дешёвая по запросу, в час"}},
    {Str::SpotPerHour, {"Cheapest spot, per hour", "Самая дешёвая spot, в час"}},
    {Str::PerMillionTokens, {"Per million generated tokens", "За миллион сгенерированных токенов"}},
    {Str::SpotPerMillionTokens, {"Per million tokens on spot", "За миллион токенов на spot"}},
    {Str::JobCost, {"Training run", "Стоимость обучения"}},
    {Str::SpotJobCost, {"Training run on spot", "Обучение на spot"}},
    {Str::OffersTitle, {"Offers for %d \xc3\x97 %s, cheapest first", "Предложения для %d \xc3\x97 %s, сначала дешёвые"}},
    {Str::ColProvider, {"Provider", "Провайдер"}},
    {Str::ColKind, {"Kind", "Тип"}},
    {Str::ColGpus, {"Inst. \xc3\x97 GPUs", "Инст. \xc3\x97 GPU"}},
    {Str::ColPerGpuHour, {"Per GPU-hour", "За GPU-час"}},
    {Str::ColPerHour, {"Per hour", "В час"}},
    {Str::ColAsOf, {"As of", "Дата"}},
    {Str::MarkEstimate, {"estimate", "оценка"}},
    {Str::MarkImported, {"imported", "импорт"}},
    {Str::MarkEdited, {"edited by you", "изменено вами"}},
    {Str::EditPriceTooltip, {"Your price for this offer per GPU-hour (Enter to apply). Kept for this session only: the link does not carry edited prices.", "Ваша цена этого предложения за GPU-час (Enter, чтобы применить). Хранится только в этом сеансе: ссылка изменённые цены не передаёт."}},
    {Str::ShowAllOffers, {"Show all %d offers", "Показать все (%d)"}},
    {Str::ShowFewerOffers, {"Show fewer (%d in all)", "Свернуть (всего %d)"}},
    {Str::BuyVsRent, {"Buy vs rent", "Покупка или аренда"}},
    {Str::PurchasePerGpu, {"Purchase price per GPU", "Цена покупки за GPU"}},
    {Str::PurchaseHint, {"GPU + its share of the server; 0 = skip", "GPU и его доля сервера; 0 = не считать"}},
    {Str::ElectricityPerKwh, {"Electricity per kWh", "Электричество за кВт\xc2\xb7ч"}},
    {Str::ElectricityHint, {"0 = US median 0.12 USD, converted", "0 = медиана США 0,12 USD в пересчёте"}},
    {Str::Pue, {"PUE", "PUE"}},
    {Str::PueHint, {"0 = 1.56 (industry average)", "0 = 1,56 (средний по отрасли)"}},
    {Str::Utilization, {"Utilisation, 0\xe2\x80\x93" "1", "Загрузка, 0\xe2\x80\x93" "1"}},
    {Str::PaybackMonths, {"Buying pays back after", "Покупка окупится через"}},
    {Str::NeverPaysBack, {"never at this load", "не окупится при такой загрузке"}},
    {Str::RentPerMonth, {"Rent per month", "Аренда в месяц"}},
    {Str::PowerPerMonth, {"Power per month (owned)", "Электричество в месяц (своё)"}},
    {Str::EnterPurchasePrice, {"Enter a purchase price per GPU to compare buying with renting.", "Введите цену покупки GPU, чтобы сравнить покупку с арендой."}},
    {Str::NeedRentPrice, {"Buying is compared with a rental price: none is known for this GPU.", "Покупку сравнивают с арендой, а цены аренды этого GPU нет."}},
    {Str::KindOnDemand, {"on-demand", "по запросу"}},
    {Str::KindSpot, {"spot", "spot"}},
    {Str::KindReserved1y, {"reserved 1 y", "резерв 1 год"}},
    {Str::KindReserved3y, {"reserved 3 y", "резерв 3 года"}},
    {Str::UnitPerHour, {"/h", "/ч"}},
    {Str::UnitMonths, {"months", "мес."}},
    {Str::SectionImport, {"Your prices: import a price table", "Свои цены: импорт таблицы цен"}},
    {Str::ImportHint, {"CSV or gpuplan.prices/1 JSON: choose a file, drop it anywhere on the page, or paste the text below. Imported offers join the table, marked \"imported\", for this session.", "CSV или JSON gpuplan.prices/1: выберите файл, перетащите его на страницу или вставьте текст ниже. Импортированные предложения попадут в таблицу с пометкой «импорт» на время сеанса."}},
    {Str::ChooseFile, {"Choose file\xe2\x80\xa6", "Выбрать файл\xe2\x80\xa6"}},
    {Str::PasteHint, {"Paste CSV or JSON here", "Вставьте CSV или JSON сюда"}},
    {Str::ImportPasted, {"Import pasted text", "Импортировать текст"}},
    {Str::ClearText, {"Clear", "Очистить"}},
    {Str::ImportedCount, {"%s: offers imported: %d", "%s: импортировано предложений: %d"}},
    {Str::RejectedRows, {"%d rows rejected:", "Отклонено строк: %d"}},
    {Str::CsvFormat, {"CSV format", "Формат CSV"}},
    {Str::CsvHelp, {"A header row, then one offer per row; columns in any order, separated by commas (or semicolons). Required: provider, gpu (a catalog id such as h100-sxm), currency (USD, EUR, RUB) and price_per_gpu_hour or price_per_instance_hour. Optional: gpus_per_instance (1), kind (on_demand, spot, reserved_1y, reserved_3y), region, instance, source, as_of (YYYY-MM-DD).", "Первая строка — заголовок, дальше по одному предложению в строке; столбцы в любом порядке, через запятую (или точку с запятой). Обязательны: provider, gpu (id из каталога, например h100-sxm), currency (USD, EUR, RUB) и price_per_gpu_hour или price_per_instance_hour. Необязательны: gpus_per_instance (1), kind (on_demand, spot, reserved_1y, reserved_3y), region, instance, source, as_of (ГГГГ-ММ-ДД)."}},
    {Str::SectionCurve, {"Throughput vs concurrency", "Пропускная способность и нагрузка"}},
    {Str::LegendTotal, {"Generated tokens/s, deployment", "Токенов/с, всё развёртывание"}},
    {Str::LegendPerUser, {"Tokens/s per user", "Токенов/с на пользователя"}},
    {Str::AxisTop, {"top", "макс."}},
    {Str::ThisScenario, {"this scenario", "этот сценарий"}},
    {Str::AxisConcurrency, {"concurrent sequences (log scale)", "одновременных запросов (лог. шкала)"}},
    {Str::SectionCapacity, {"Capacity", "Ёмкость"}},
    {Str::SectionLayout, {"Layout, communication, checkpoints", "Раскладка, обмен, чекпойнты"}},
    {Str::SlaMaxUsers, {"Users within the service level", "Пользователей в рамках требований"}},
    {Str::UnitUsers, {"users", "польз."}},
    {Str::GpusForTargetUsers, {"GPUs for the target users", "GPU для целевого числа пользователей"}},
    {Str::OptimalBatch, {"Throughput-optimal batch per replica", "Оптимальный батч на реплику"}},
    {Str::BatchJobTime, {"Batch job time", "Время пакетной задачи"}},
    {Str::ReplicasLabel, {"Replicas", "Реплики"}},
    {Str::SetSlaHint, {"Set a service level under Serving to see how many users it sustains.", "Задайте требования к сервису в блоке «Инференс», чтобы узнать, сколько пользователей он выдержит."}},
    {Str::SetBatchHint, {"Enter the requests in the batch job under Serving to see its time.", "Введите число запросов пакетной задачи в блоке «Инференс», чтобы узнать её время."}},
    {Str::SectionBatch, {"Batch job", "Пакетная задача"}},
    {Str::BatchRequests, {"Requests in the job", "Запросов в задаче"}},
    {Str::SuggestedLayout, {"Fastest layout that fits", "Самая быстрая раскладка, которая помещается"}},
    {Str::SuggestedTime, {"Time with that layout", "Время с этой раскладкой"}},
    {Str::CommWait, {"Step time waiting for communication", "Доля шага в ожидании обмена"}},
    {Str::CheckpointSize, {"Checkpoint size", "Размер чекпойнта"}},
    {Str::CheckpointWrite, {"Checkpoint write", "Запись чекпойнта"}},
    {Str::StepTime, {"Optimizer step", "Шаг оптимизатора"}},
    {Str::NetworkBoundNote, {"Communication, not the GPUs, sets the pace: see Warnings.", "Темп задаёт обмен данными, а не GPU: см. предупреждения."}},
    {Str::SectionAccuracy, {"Accuracy: %s", "Точность: %s"}},
    {Str::AccuracyBand, {"\xc2\xb1%ld%% \xc2\xb7 %d published cases", "\xc2\xb1%ld%% \xc2\xb7 опубликованных случаев: %d"}},
    {Str::AccuracyTooltip, {"Median error of the engine against published measurements of this kind. Click for the cases.", "Медианная ошибка движка на опубликованных измерениях этого вида. Нажмите, чтобы увидеть случаи."}},
    {Str::AccuracyIntro, {"Error = predicted / published \xe2\x88\x92 1. Calibration cases set the efficiency defaults; held-out cases did not. Source links open only when you click them.", "Ошибка = прогноз / опубликованное \xe2\x88\x92 1. По калибровочным случаям подобраны коэффициенты эффективности, контрольные в подборе не участвовали. Ссылки на источники открываются только по нажатию."}},
    {Str::Close, {"Close", "Закрыть"}},
    {Str::ColCase, {"Case and source", "Случай и источник"}},
    {Str::ColPredicted, {"Predicted", "Прогноз"}},
    {Str::ColPublished, {"Published", "Опубликовано"}},
    {Str::ColError, {"Error", "Ошибка"}},
    {Str::ColRole, {"Role", "Роль"}},
    {Str::RoleCalibration, {"calibration", "калибровка"}},
    {Str::RoleHeldOut, {"held out", "контроль"}},
    {Str::OpenSourceLink, {"Open the source in a new tab", "Открыть источник в новой вкладке"}},
    {Str::SeeAccuracyDoc, {"How the cases were chosen and split: see docs/ACCURACY.md in the gpuplan repository.", "Как отбирались и делились случаи: см. docs/ACCURACY.md в репозитории gpuplan."}},
    {Str::CategoryMemory, {"memory", "память"}},
    {Str::CategoryInference, {"inference", "инференс"}},
    {Str::CategoryTraining, {"training", "обучение"}},
    {Str::SourceCheapest, {"Cheapest price", "Самая дешёвая цена"}},
    {Str::SourceOffers, {"Offers shown", "Показанные цены"}},
    {Str::OffersShownRange, {"%d offers dated %s to %s", "%d предложений, даты с %s по %s"}},
    {Str::OldestDaysOld, {"the oldest is %d days old", "самому старому %d дн."}},
    {Str::SourceFx, {"Exchange rate", "Курс валют"}},
    {Str::PerMillionTokensShort, {"per 1M tokens", "за 1 млн токенов"}},

    {Str::SectionCompare, {"Compare GPUs", "Сравнение GPU"}},
    {Str::CompareHintInference, {"Ranked by price per million generated tokens: the cheapest card that fits usually wins.",
                                 "Порядок — по цене миллиона сгенерированных токенов: обычно выгоднее всех самая дешёвая карта, в которую модель помещается."}},
    {Str::CompareHintTraining, {"Ranked by the cost of the whole training run: a faster card can cost less in total.",
                                "Порядок — по стоимости всего обучения: более быстрая карта может в итоге обойтись дешевле."}},
    {Str::ColGpu, {"GPU", "GPU"}},
    {Str::ColGpuCount, {"GPUs", "Кол-во"}},
    {Str::ColMemoryUse, {"Memory", "Память"}},
    {Str::ColTtft, {"TTFT at load", "1-й токен под нагрузкой"}},
    {Str::ColTokensPerUser, {"Tok/s/user", "Ток/с/польз."}},
    {Str::ColTrainTime, {"Time", "Время"}},
    {Str::ColPerMtok, {"Per 1M tok", "За 1 млн"}},
    {Str::ColRunCost, {"Run cost", "Обучение"}},
    {Str::ColConfiguration, {"Configuration", "Схема"}},
    {Str::UseGpu, {"Use", "Выбрать"}},
    {Str::UseGpuTooltip, {"Switch the scenario to %d \xc3\x97 %s", "Переключить сценарий на %d \xc3\x97 %s"}},
    {Str::InUse, {"current", "выбрано"}},
    {Str::ShowAllGpus, {"Show all %d GPUs", "Показать все GPU (%d)"}},
    {Str::ShowTopGpus, {"Show the top %d", "Показать первые %d"}},
    {Str::PlanOneReplica, {"one replica of %d GPUs, TP %d", "1 реплика \xc3\x97 %d GPU, TP %d"}},
    {Str::PlanReplicas, {"%d replicas of %d GPUs, TP %d", "реплик: %d \xc3\x97 %d GPU, TP %d"}},
    {Str::PlanTrainingLayout, {"%d GPUs, TP %d", "%d GPU, TP %d"}},
    {Str::PlanInfeasible, {"does not fit or misses the service level", "не помещается или не выдерживает требования"}},
    {Str::PlanReasonTooltip, {"Engine's note: %s", "Пояснение расчёта: %s"}},
    {Str::CompareEmpty, {"No catalog GPU can be evaluated for this scenario.", "Ни один GPU из каталога не удаётся рассчитать для этого сценария."}},
    // robustness
    {Str::PasteTooLarge, {"That paste is larger than the 4.2 MB an import takes and was not added; choose the file instead, or split it.",
                          "Вставленный текст больше 4,2 МБ, которые принимает импорт, и не добавлен; выберите файл или разделите таблицу."}},
    {Str::FieldNotANumber, {"not a number; type digits such as 1.5, 1e6 or 128k. The previous value is kept.",
                            "не число; введите, например, 1,5, 1e6 или 128k. Оставлено прежнее значение."}},
    {Str::FieldClamped,    {"%s is outside %s; %s is used.", "%s вне диапазона %s; используется %s."}},
    {Str::NoticeLinkRepaired, {"Some fields of the link could not be read; they use their defaults, the rest of the link is kept.",
                               "Часть полей ссылки не прочитана; для них взяты значения по умолчанию, остальное из ссылки сохранено."}},
    {Str::NoticeAdjusted, {"A setting was adjusted to fit the rest of the configuration.",
                           "Настройка изменена, чтобы соответствовать остальной конфигурации."}},
    {Str::LinkWithoutLocalPrices, {"The copied link does not carry your own prices.", "Скопированная ссылка не содержит ваших цен."}},
    {Str::LinkWithoutLocalPricesDetail, {"%d imported or edited offer(s) stay in this page only; whoever opens the link sees the catalog's prices.",
                                         "Импортированные или изменённые предложения (%d) остаются только на этой странице; по ссылке будут цены из каталога."}},
    {Str::HowComputed, {"How was this computed?", "Как это посчитано?"}},
    {Str::WhatWouldWork, {"What would work", "Что подойдёт"}},
    {Str::ApplyConfiguration, {"Apply this configuration", "Применить эту конфигурацию"}},
    {Str::CheapestThatWorks, {"Cheapest that works", "Самый дешёвый рабочий вариант"}},
    {Str::MonthlyAtLoad, {"Per month at this load", "В месяц при этой нагрузке"}},
    {Str::AutoLayout, {"Choose the layout for me", "Подбирать раскладку автоматически"}},
    {Str::AutoLayoutHint, {"On: a new GPU, count, model or format takes the layout that fits and runs fastest. Editing TP, PP, ZeRO or recompute turns it off.",
                           "Вкл.: при смене GPU, их числа, модели или формата выбирается раскладка, которая помещается и работает быстрее всего. Ручная правка TP, PP, ZeRO или пересчёта выключает это."}},
    {Str::SuffixPerRun, {" per run", " за запуск"}},
    {Str::SuffixPerJob, {" per job", " за задачу"}},
    {Str::SuffixPerMonth, {" / month", " / мес."}},
    {Str::ClampDivideHeads, {"must divide the attention heads", "должно делить число голов внимания"}},
    {Str::ClampLayersGpus, {"at most the layers and the GPUs selected", "не больше числа слоёв и выбранных GPU"}},
    {Str::ClampTpPp, {"tensor × pipeline parallel is at most the GPUs selected", "тензорный × конвейерный параллелизм не больше выбранных GPU"}},
    {Str::ClampTpPpCp, {"tensor × pipeline × context parallel is at most the GPUs selected",
                        "тензорный × конвейерный × контекстный параллелизм не больше выбранных GPU"}},
    {Str::ClampSeqLen, {"training sequences are at least 128 tokens", "обучающие последовательности не короче 128 токенов"}},
    {Str::ClampGpus, {"at most the GPUs selected", "не больше выбранных GPU"}},
    // catalogs: VAT, stale prices, spot that is no saving, local hardware presets
    {Str::PricesVat, {"Prices", "Цены"}},
    {Str::VatExcluded, {"without VAT", "без НДС"}},
    {Str::VatIncluded, {"with VAT", "с НДС"}},
    {Str::VatHint, {"Every offer is compared with its provider country's VAT removed or added (RU 22 %, DE 19 %, FR 20 %, US none).",
                    "Все предложения сравниваются без НДС или с НДС страны провайдера (РФ 22 %, Германия 19 %, Франция 20 %, США — нет)."}},
    {Str::StalePrices, {"Prices older than 6 months", "Цены старше 6 месяцев"}},
    {Str::StaleSkip, {"list only", "только показывать"}},
    {Str::StaleUse, {"may be cheapest", "учитывать"}},
    {Str::StaleHint, {"Stale offers are listed with their age but are not used as the cheapest unless allowed.",
                      "Устаревшие предложения показаны с возрастом, но не считаются самыми дешёвыми, пока это не разрешено."}},
    {Str::MarkStale, {"stale, %d months old", "устарела: %d мес."}},
    {Str::MarkNoSaving, {"no saving over on-demand", "не дешевле обычной"}},
    {Str::MyMac, {"My Mac", "Мой Mac"}},
    {Str::MyPc, {"My PC", "Мой ПК"}},
    {Str::LocalHardwareHint, {"One machine: the GPU count is set to 1.", "Один компьютер: число GPU станет 1."}},
    // Own or rent (panel_tco.cpp)
    {Str::SectionTco, {"Own or rent", "Купить или арендовать"}},
    {Str::TcoTier, {"Your workload is tier %d (%s)", "Ваша задача \xe2\x80\x94 тир %d (%s)"}},
    {Str::TcoTierNone, {"No tier of the guides matches", "Ни один тир из руководств не подходит"}},
    {Str::TcoVerdictBuy, {"Buy: owning pays back", "Покупать: сервер окупается"}},
    {Str::TcoVerdictBorderline, {"Borderline: pays back, but slowly", "На грани: окупается, но медленно"}},
    {Str::TcoVerdictRent, {"Rent: owning does not pay back", "Арендовать: покупка не окупается"}},
    {Str::TcoVerdictUnknown, {"No verdict yet", "Вердикта пока нет"}},
    {Str::TcoPurchase, {"Purchase", "Покупка"}},
    {Str::TcoOwnPerMonth, {"Owning per month", "Владение в месяц"}},
    {Str::TcoRentPerMonth, {"Renting per month", "Аренда в месяц"}},
    {Str::TcoPayback, {"Payback", "Окупаемость"}},
    {Str::TcoNever, {"never", "никогда"}},
    {Str::TcoRule, {"Guide's 50 %% rule: rent %s a month vs 50 %% of the server's 12-month cost %s = %s \xe2\x86\x92 %s",
                     "Правило 50 %% из руководства: аренда %s в месяц против 50 %% стоимости сервера за 12 месяцев %s = %s \xe2\x86\x92 %s"}},
    {Str::TcoExact, {"Exact answer: %s", "Точный ответ: %s"}},
    {Str::TcoNode, {"Node: %d \xc3\x97 %s", "Узел: %d \xc3\x97 %s"}},
    {Str::TcoBom, {"Bill of materials", "Спецификация"}},
    {Str::TcoUnpriced, {"unpriced", "нет цены"}},
    {Str::TcoIncomplete, {"Part of the node has no published price: enter the node price for a verdict.",
                          "Для части узла нет опубликованной цены: введите цену узла, чтобы получить вердикт."}},
    {Str::TcoChart, {"Cumulative cost", "Накопленные затраты"}},
    {Str::TcoLegendOwn, {"own", "покупка"}},
    {Str::TcoLegendRent, {"rent", "аренда"}},
    {Str::TcoMonths, {"months", "месяцы"}},
    {Str::TcoAssumptions, {"Assumptions", "Допущения"}},
    {Str::TcoNodePrice, {"Node price", "Цена узла"}},
    {Str::TcoColocation, {"Colocation per kW-month", "Колокация за кВт в месяц"}},
    {Str::TcoMaintenance, {"Maintenance, share a year", "Обслуживание, доля в год"}},
    {Str::TcoDepreciation, {"Depreciation, years", "Амортизация, лет"}},
    {Str::TcoStaff, {"Administrators per node", "Администраторов на узел"}},
    {Str::TcoRunsPerYear, {"Training runs a year", "Запусков обучения в год"}},
    {Str::TcoResidency, {"Data must stay in", "Данные должны оставаться в"}},
    {Str::TcoResidencyAny, {"anywhere", "где угодно"}},
    {Str::TcoHybrid, {"Rent %s runs a year: %s; own the node: %s a year", "Аренда запусков (%s в год): %s; свой узел: %s в год"}},
    {Str::TcoBreakEven, {"Owning wins from %s runs a year", "Покупка выгоднее от %s запусков в год"}},
    {Str::TcoNoServer, {"No reference server for this GPU: %s", "Нет эталонного сервера для этого GPU: %s"}},
    {Str::TcoPower, {"%s kW at load \xc2\xb7 %s cooling \xc2\xb7 %s", "%s кВт под нагрузкой \xc2\xb7 охлаждение %s \xc2\xb7 %s"}},
    {Str::TcoAdvice, {"Mistakes the guides warn about", "Ошибки, о которых предупреждают руководства"}},
    {Str::TcoRunning, {"running", "эксплуатация"}},
    {Str::TcoWordBuy, {"buy", "покупать"}},
    {Str::TcoWordRent, {"rent", "арендовать"}},
    {Str::TcoWordNone, {"no answer", "нет ответа"}},
    {Str::TcoHybridYear, {"A year with %s LoRA runs at %s each: own the inference and rent the runs %s; rent both %s",
                          "Год с дообучением LoRA (%s запусков по %s): своя инференс-машина и аренда обучения %s; аренда всего %s"}},
    // planner (issue 9)
    {Str::CompareHintOnline, {"Each GPU sized for the stated load and SLA, ranked by the monthly bill: the cheapest card that fits the model and the traffic wins.",
                              "Каждый GPU подобран под заданную нагрузку и требования, порядок — по счёту за месяц: выигрывает самая дешёвая карта, которая вмещает модель и трафик."}},
    {Str::CompareHintBatch, {"Each GPU at its optimal batch, enough replicas for the deadline, ranked by the job's cost (spot where cheaper).",
                             "Каждый GPU на оптимальном батче, реплик — сколько нужно к сроку; порядок — по стоимости задачи (spot, где дешевле)."}},
    {Str::ColMonthly, {"Per month", "В месяц"}},
    {Str::ColJobCost, {"Job cost", "Задача"}},
    {Str::ColTtftP95, {"TTFT p95", "1-й токен p95"}},
    {Str::ColJobTime, {"Job time", "Время"}},
    {Str::ColWallClock, {"Wall-clock", "Время"}},
    {Str::ColPricing, {"Pricing", "Тариф"}},
    {Str::PricingSpot, {"spot", "spot"}},
    {Str::PricingOnDemand, {"on-demand", "по запросу"}},
    {Str::ColPer1kRequests, {"Per 1k req", "За 1000 запр."}},
    {Str::CompareWinner, {"Winner: %s \xc3\x97 %d at %s; the runner-up costs %.0f%% more (%s).", "Лучший: %s \xc3\x97 %d за %s; следующий вариант дороже на %.0f%% (%s)."}},
    {Str::CompareWinnerAlone, {"Only %s \xc3\x97 %d meets the scenario, at %s.", "Сценарию отвечает только %s \xc3\x97 %d, за %s."}},
    {Str::FilterAll, {"All", "Все"}},
    {Str::FilterDatacenter, {"Data centre", "ЦОД"}},
    {Str::FilterWorkstation, {"Workstation", "Рабочие станции"}},
    {Str::FilterConsumer, {"Consumer", "Игровые"}},
    {Str::FilterFitsOnly, {"Fits only", "Только помещается"}},
    {Str::FilterMeetsSlaOnly, {"Meets SLA only", "Только с SLA"}},
    {Str::FilterVendor, {"vendor", "производитель"}},
    {Str::FilterProvider, {"provider", "провайдер"}},
    {Str::FilterCountry, {"country", "страна"}},
    {Str::ParetoTitle, {"Pareto front: nothing is both cheaper and faster", "Фронт Парето: дешевле и быстрее одновременно нет ничего"}},
    {Str::ParetoCost, {"cost", "стоимость"}},
    {Str::ParetoLatency, {"latency", "задержка"}},
    {Str::ExcludedNoFigures, {"no published figures", "нет опубликованных данных"}},
    {Str::ExcludedDoesNotFit, {"does not fit", "не помещается"}},
    {Str::ExcludedNeedsFabric, {"needs NVLink/InfiniBand", "нужен NVLink/InfiniBand"}},
    {Str::ExcludedSlaMissed, {"misses the SLA", "не выдерживает SLA"}},
    {Str::ExcludedNoOffer, {"no offer", "нет предложения"}},
    {Str::GpusPerNode, {"GPUs per node", "GPU на узел"}},
    {Str::GpusPerNodeHint, {"GPUs sharing NVLink/PCIe inside one server", "GPU, связанные NVLink/PCIe внутри одного сервера"}},
    {Str::NetworkPerGpu, {"Network per GPU, GB/s", "Сеть на GPU, ГБ/с"}},
    {Str::NetworkPerGpuHint, {"Between nodes, per GPU: 400 Gb/s InfiniBand = 50 GB/s; 100 GbE shared by 8 GPUs = 1.6",
                              "Между узлами, на GPU: InfiniBand 400 Гбит/с = 50 ГБ/с; 100 GbE на 8 GPU = 1,6"}},
    {Str::CompareNoneShown, {"No GPU passes these filters.", "Ни один GPU не проходит фильтры."}},
    // page features (issue 13): text mirror, export, your own model, pinned scenario, presets
    {Str::MirrorHeading, {"gpuplan result (text)", "Результат gpuplan (текст)"}},
    {Str::SectionExport, {"Export and share", "Экспорт"}},
    {Str::CopyMarkdown, {"Copy as Markdown", "Копировать как Markdown"}},
    {Str::CopyPlainText, {"Copy as text", "Копировать как текст"}},
    {Str::DownloadResultCsv, {"Result and derivation (CSV)", "Результат и расчёт (CSV)"}},
    {Str::DownloadCompareCsv, {"Compare GPUs (CSV)", "Сравнение GPU (CSV)"}},
    {Str::DownloadOffersCsv, {"Offers (CSV)", "Предложения (CSV)"}},
    {Str::DownloadJson, {"Result (JSON)", "Результат (JSON)"}},
    {Str::Copied, {"Copied", "Скопировано"}},
    {Str::ExportHint, {"Markdown, text and CSV are the same as the command line prints (gpuplan evaluate --format md|text|csv|json, gpuplan plan --format csv), in English.",
                       "Markdown, текст и CSV совпадают с выводом командной строки (gpuplan evaluate --format md|text|csv|json, gpuplan plan --format csv), на английском."}},
    {Str::OfflineCopy, {"Offline copy: gpuplan.html (one file)", "Копия для работы без сети: gpuplan.html (один файл)"}},
    {Str::OfflineHint, {"Save this one file and open it from disk: it needs no network. The browser's own \"Save page as\" may not keep the calculator working.",
                        "Сохраните этот файл и откройте его с диска: сеть не нужна. Обычное \"Сохранить страницу как\" в браузере может не сохранить калькулятор."}},
    {Str::OfflineAlready, {"This copy works offline: keep the file.", "Эта копия работает без сети: сохраните файл."}},
    {Str::SectionHfConfig, {"Your model: Hugging Face config.json", "Своя модель: config.json с Hugging Face"}},
    {Str::HfConfigHint, {"Paste a model's config.json here, or drop the file on the page: the architecture is filled in and the parameters counted from it.",
                         "Вставьте сюда config.json модели или перетащите файл на страницу: архитектура заполнится, параметры будут посчитаны по ней."}},
    {Str::HfConfigRead, {"Read config.json", "Прочитать config.json"}},
    {Str::HfConfigDone, {"%s: %s parameters", "%s: параметров %s"}},
    {Str::HfConfigFailed, {"Could not read config.json; the model is unchanged:", "Не удалось прочитать config.json, модель не изменена:"}},
    {Str::PinScenario, {"Pin to compare", "Закрепить для сравнения"}},
    {Str::Unpin, {"Unpin", "Открепить"}},
    {Str::SectionPinned, {"Pinned vs current", "Закреплённый и текущий"}},
    {Str::ColMetric, {"Metric", "Показатель"}},
    {Str::ColPinned, {"Pinned", "Закреплён"}},
    {Str::ColCurrent, {"Current", "Текущий"}},
    {Str::ColChange, {"Change", "Разница"}},
    {Str::Presets, {"Start from", "Начать с"}},
    {Str::PresetChatbot, {"Chat bot for 100 users", "Чат-бот на 100 пользователей"}},
    {Str::PresetLora, {"Fine-tune 8B with LoRA", "Дообучить 8B с LoRA"}},
    {Str::PresetPretrain, {"Pre-train 1B on 100B tokens", "Предобучить 1B на 100 млрд токенов"}},
    {Str::PresetBatch, {"Batch-summarise 1M documents", "Пакетно сжать 1 млн документов"}},
    {Str::ResetAll, {"Reset", "Сбросить"}},
    {Str::AxisGpus, {"GPUs", "GPU"}},
    {Str::SectionCostVsGpus, {"Cost vs GPU count", "Стоимость и число GPU"}},
    // planner: precisions the visitor allows, the no-math-path exclusion, header tooltips (Compare, issue 9)
    {Str::ComparePrecisions, {"Also try weights in:", "Также подобрать веса в:"}},
    {Str::ComparePrecisionsTooltip,
     {"Every GPU is also sized at this weight format (fp8 and nvfp4 on their own tensor cores: GPUs without them are excluded for it; "
      "int4 is GPTQ/AWQ with bf16 math). The KV cache stays as set in Precision.",
      "Каждый GPU подбирается и в этом формате весов (fp8 и nvfp4 — на своих тензорных ядрах: GPU без них исключаются для него; "
      "int4 — GPTQ/AWQ с вычислениями в bf16). KV-кэш — как задан в «Точности»."}},
    {Str::ExcludedNoMathPath, {"no tensor path for this format", "нет тензорных ядер для формата"}},
    {Str::ComparePrecisionOwnTooltip, {"The scenario's own weight format: always tried.", "Собственный формат весов сценария: подбирается всегда."}},
    {Str::ColumnSortTooltip, {"%s (click to sort)", "%s (нажмите, чтобы отсортировать)"}},
    // accuracy (issue 16): the capacity unit
    {Str::CapacityUnitNote, {"Capacity as the GPU reports it: a vendor's \"80GB\" is 80 GiB = 85.9 GB.",
                             "Объём — как его сообщает GPU: «80 ГБ» производителя — это 80 ГиБ = 85,9 ГБ."}},
    {Str::CapacityReported, {"%s as reported", "%s по данным GPU"}},
};
static_assert(sizeof(kTable) / sizeof(kTable[0]) == static_cast<size_t>(Str::Count), "every Str needs a row in kTable");

Language g_language = Language::English; // set once per frame by DrawApp (like ImGui's current context)

bool TableIsInOrder() {
    for (size_t i = 0; i < sizeof(kTable) / sizeof(kTable[0]); ++i)
        if (static_cast<size_t>(kTable[i].Id) != i) return false;
    return true;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Lookup
//-----------------------------------------------------------------------------

void SetLanguage(Language language) { g_language = language; }
Language CurrentLanguage() { return g_language; }

bool StringTableIsValid() {
    static const bool kInOrder = TableIsInOrder();
    return kInOrder;
}

const char* Tr(Str id) {
    const size_t index = static_cast<size_t>(id);
    if (!StringTableIsValid() || index >= static_cast<size_t>(Str::Count)) return "?";
    return kTable[index].Text[static_cast<int>(g_language)];
}

const char* LanguageName(Language language) { return language == Language::Russian ? "Русский" : "English"; }

//-----------------------------------------------------------------------------
// [SECTION] Warnings and derivation labels
//-----------------------------------------------------------------------------

namespace {

std::string CheapestProvider(const engine::Result& r, const std::string& kind) {
    for (const engine::OfferCost& offer : r.Cost.Offers)
        if (offer.Kind == kind && !(offer.Stale && r.Cost.StaleOffersSkipped > 0)) return offer.Provider; // stale ones were skipped
    return "";
}

std::string RecomputeRussian(const std::string& name) {
    if (name == "full") return "полное перевычисление";
    if (name == "selective") return "выборочное перевычисление";
    return "без перевычисления";
}

std::string SuggestedLayoutRussian(const engine::TrainingResult& t) {
    return "TP " + std::to_string(t.SuggestedTensorParallel) + " × PP " + std::to_string(t.SuggestedPipelineParallel) + " × DP " +
           std::to_string(t.SuggestedDataParallel) + ", ZeRO " + std::to_string(t.SuggestedZeroStage) + ", " + RecomputeRussian(t.SuggestedRecompute);
}

} // namespace

// Russian sentences for the warnings visitors see most, rebuilt from the Result's numbers (never by parsing the
// English text). Codes without a translation keep the engine's English message.
std::string TrWarning(const engine::Warning& warning, const engine::Scenario& scenario, const engine::Result& result) {
    if (g_language == Language::English) return warning.Message;
    const std::string& code = warning.Code;
    const std::string& gpu = scenario.Gpu.Name;
    const bool inference = scenario.Workload == engine::WorkloadKind::Inference;
    if (code == "does_not_fit" && inference) {
        const engine::DerivationStep* usable = engine::FindStep(result, "usable_bytes");
        std::string text = "Нужно " + FormatGb(result.MemoryPerGpu.Total) + " на GPU; у " + gpu + " доступно " +
                           FormatGb(usable != nullptr ? usable->Value : result.GpuMemoryBytes) + ".";
        if (result.GpusNeeded > 0)
            text += " Возьмите " + std::to_string(result.GpusNeeded) + " GPU (тензорный параллелизм), формат весов меньше или меньше запросов.";
        else
            text += " Не помещается даже при TP 1024: уменьшите формат весов или контекст.";
        return text;
    }
    if (code == "does_not_fit") {
        std::string text = "Нужно " + FormatGb(result.MemoryPerGpu.Total) + " на GPU; у " + gpu + " " + FormatGb(result.GpuMemoryBytes) + ".";
        if (result.Training.SuggestedFound) text += " Помещается так: " + SuggestedLayoutRussian(result.Training) + ".";
        else if (result.GpusNeeded > 0) text += " Эта раскладка поместится на " + std::to_string(result.GpusNeeded) + " GPU.";
        return text;
    }
    if (code == "weights_not_native")
        return "У " + gpu + " нет тензорных ядер для формата весов " + engine::FormatName(scenario.Precision.Weights) +
               ": веса хранятся компактно, но для вычислений распаковываются в bf16 (ускорения от формата нет).";
    if (code == "compute_not_native")
        return "У " + gpu + " нет тензорных ядер для " + engine::FormatName(scenario.Precision.Compute) + ": время посчитано для BF16.";
    if (code == "network_bound") {
        const double share = result.Training.StepTimeS > 0 ? result.Training.ExposedCommSPerStep / result.Training.StepTimeS : 0;
        return "Темп задаёт обмен данными между GPU, а не сами GPU: " + FormatPercent(share) +
               " каждого шага уходит на ожидание обмена. Быстрее сеть (InfiniBand), гибридный шардинг или больший микробатч скроют часть обмена.";
    }
    if (code == "no_price")
        return "Для этого GPU нет опубликованной цены в " + scenario.Cost.Currency +
               (scenario.Cost.Provider.empty() ? std::string() : " у провайдера " + scenario.Cost.Provider) +
               ": введите свою ставку за GPU-час или импортируйте таблицу цен.";
    if (code == "stale_prices")
        return std::to_string(result.Cost.StaleOffersSkipped) +
               " предложени(я) старше шести месяцев показаны, но не считаются самыми дешёвыми; разрешите устаревшие цены, чтобы их учитывать.";
    if (code == "spot_dearer")
        return "Самый дешёвый spot (" + CheapestProvider(result, "spot") + ") стоит не меньше самой дешёвой цены по запросу: экономии на spot здесь нет.";
    if (code == "spot_online")
        return "Spot-мощности могут отозвать в любой момент: они годятся для пакетных задач и обучения с чекпойнтами, но не для онлайн-сервиса.";
    if (code == "price_estimate")
        return "Самая дешёвая цена по запросу (" + CheapestProvider(result, "on_demand") + ") — оценка, выведенная из опубликованной цены; см. примечания к ней.";
    if (code == "faster_layout")
        return "Есть более быстрая раскладка, которая помещается: " + SuggestedLayoutRussian(result.Training) + " — " +
               FormatDuration(result.Training.SuggestedTimeS) + " вместо " + FormatDuration(result.Training.TimeS) + ".";
    if (code == "checkpoint_storage")
        return "Один чекпойнт занимает " + FormatGb(result.Training.CheckpointBytes) + "; запись занимает " +
               FormatDuration(result.Training.CheckpointWriteS) + ". Заложите место на несколько чекпойнтов.";
    if (code == "sla_unreachable")
        return "Ни одна нагрузка не укладывается в требования (или KV-кэш не вмещает ни одной последовательности): возьмите GPU быстрее, "
               "больше тензорного параллелизма, формат меньше или ослабьте требования.";
    if (code == "gpus_idle" || code == "idle_gpus")
        return "Часть GPU простаивает: их число не кратно TP × PP; в GPU-часах они всё равно учитываются.";
    if (code == "tp_across_nodes")
        return "Тензорный параллелизм выходит за пределы узла: all-reduce идёт по межузловой сети.";
    if (code == "context_exceeds_model")
        return "Контекст длиннее, чем поддерживает модель.";
    if (code == "no_tdp")
        return "Для этого GPU не опубликовано энергопотребление: стоимость владения не учитывает электричество.";
    if (code == "lora_recompute")
        return "В рецептах LoRA/QLoRA обычно включают перевычисление активаций (recompute = full): активации на GPU (" +
               FormatGb(result.MemoryPerGpu.Activations) + ") сократятся примерно до входа каждого слоя.";
    return warning.Message;
}

const char* TrStepLabel(const engine::DerivationStep& step) {
    if (g_language == Language::English) return step.Label.c_str();
    struct Label { const char* Key; const char* Russian; };
    // Keyed by DerivationStep::Key; where one key has several English labels, the Russian one covers both.
    static const Label kLabels[] = {
        {"params", "Параметры"},
        {"trainable_params", "Обучаемые параметры"},
        {"weights_model_bytes", "Веса, вся модель"},
        {"weights_bytes", "Веса на GPU"},
        {"kv_bytes_per_token", "KV-кэш на токен (вся модель)"},
        {"kv_bytes_per_sequence_per_gpu", "KV-кэш на последовательность на GPU"},
        {"kv_cache_bytes", "KV-кэш на GPU"},
        {"kv_pool_bytes", "Память под KV-кэш на GPU"},
        {"kv_pool_tokens", "Токенов KV-кэша на реплику"},
        {"activation_bytes", "Активации на GPU"},
        {"activations_bytes", "Активации на GPU"},
        {"activations_per_layer_bytes", "Активации на слой на микробатч"},
        {"logits_bytes", "Логиты для функции потерь"},
        {"step_peak_bytes", "Градиенты и активации на пике шага"},
        {"gradients_bytes", "Градиенты на GPU"},
        {"optimizer_bytes", "Состояния оптимизатора на GPU"},
        {"overhead_bytes", "Накладные расходы среды"},
        {"total_bytes", "Всего на GPU"},
        {"usable_bytes", "Доступная память GPU"},
        {"gpus_needed", "GPU на одну реплику"},
        {"replicas", "Реплик (параллелизм данных)"},
        {"layout", "Раскладка"},
        {"suggested_layout", "Предлагаемая раскладка"},
        {"math_path", "Пик вычислений на GPU"},
        {"peak_flops", "Пик на GPU"},
        {"bandwidth_efficiency", "Эффективность пропускной способности (декод)"},
        {"compute_efficiency", "Эффективность вычислений (префилл)"},
        {"decode_bytes_per_step", "Байт за шаг декода на GPU"},
        {"decode_comm_s", "Обмен данными за шаг декода"},
        {"prefill_flops", "FLOP префилла на запрос"},
        {"ttft_s", "Время до первого токена"},
        {"tpot_s", "Время на выходной токен"},
        {"throughput_tokens_per_s", "Генерируемых токенов/с (всё развёртывание)"},
        {"requests_per_s", "Запросов/с (всё развёртывание)"},
        {"max_concurrency", "Макс. одновременных последовательностей"},
        {"optimal_batch", "Оптимальный по пропускной способности батч"},
        {"sla_max_users", "Пользователей при заданных требованиях"},
        {"gpus_for_target_users", "GPU для целевого числа пользователей"},
        {"batch_job_time_s", "Время пакетной задачи"},
        {"model_flops_per_token", "FLOP модели на токен"},
        {"hardware_flops_per_token", "Выполняемых FLOP на токен"},
        {"training_flops", "FLOP обучения (выполняемые)"},
        {"micro_batch_time", "Вычисления на микробатч"},
        {"micro_batches_per_step", "Микробатчей на шаг"},
        {"pipeline_bubble", "Простой конвейера"},
        {"tp_comm", "Обмен тензорного параллелизма на шаг"},
        {"dp_comm", "Обмен параллелизма данных на шаг"},
        {"exposed_comm", "Неперекрытый обмен на шаг"},
        {"step_time", "Время шага"},
        {"utilisation", "Загрузка выполняемыми FLOP"},
        {"mfu", "MFU"},
        {"time_s", "Время обучения"},
        {"tokens_per_s_per_gpu", "Токенов/с на GPU"},
        {"gpu_hours", "GPU-часы"},
        {"checkpoint_bytes", "Размер чекпойнта"},
        {"checkpoint_write_s", "Время записи чекпойнта"},
        {"cost_per_hour", "Аренда в час"},
        {"spot_per_hour", "Аренда в час (самый дешёвый spot)"},
        {"cost_per_million_tokens", "Стоимость миллиона сгенерированных токенов"},
        {"job_cost", "Стоимость обучения"},
        {"own_per_month", "Своё железо: электричество в месяц"},
        {"payback_months", "Покупка окупится через"},
    };
    for (const Label& label : kLabels)
        if (step.Key == label.Key) return label.Russian;
    return step.Label.c_str();
}
