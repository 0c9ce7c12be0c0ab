// gpuplan ui: every UI string in English and Russian (the table is in i18n.cpp).
// DrawApp sets the language once per frame; panels call Tr(Str::...). See docs/UI.md, "Adding a string".
#pragma once
#include <string>

namespace engine { struct Result; struct Scenario; struct Warning; struct DerivationStep; }

enum class Language { English, Russian, Count };

enum class Str {
    // header and notices
    AppTitle, AppTagline, CopyLink, LinkCopied, LanguageToggle,
    NoticeCatalogFallback, NoticeCatalogIssues, NoticeBadLink, NoticeLinkWarnings, Dismiss,
    // input sections
    SectionWorkload, SectionModel, SectionHardware, SectionPrecision, SectionInference, SectionTraining, SectionSla,
    TabInference, TabPretrain, TabFullFinetune, TabLora, TabQlora,
    Workload, WorkloadInference, WorkloadPretrain, WorkloadFullFinetune, WorkloadLora, WorkloadQlora,
    Model, CustomModel, SearchHint, NoMatches, Params, ParamsBillions, Layers, Hidden, Heads, KvHeads, HeadDim, Ffn, Vocab,
    Gpu, GpuCount,
    PrecisionWeights, PrecisionKvCache, PrecisionCompute,
    ServingMode, ModeOnline, ModeBatch, ContextTokens, ContextAuto, InputTokens, OutputTokens, Concurrency,
    TensorParallel, PipelineParallel, TtftSla, MinTokensPerUser, TargetUsers, ZeroMeansNone,
    TrainTokensBillions, SeqLen, MicroBatch, ZeroStage, Recompute, RecomputeNone, RecomputeSelective, RecomputeFull,
    Optimizer, LoraRank, OffloadOptimizer, OptimizerInBackward, LossChunks, SequenceParallel, Off, On,
    // results
    SectionResults, SectionMemory, SectionSpeed, SectionTraining2, SectionWarnings, SectionDerivation, SectionSources,
    Fits, DoesNotFit, NeedsGpus, OfCapacity, PerGpu, Usable, Capacity, Total,
    PartWeights, PartKvCache, PartActivations, PartGradients, PartOptimizer, PartOverhead,
    Ttft, Tpot, TokensPerUser, Throughput, MaxConcurrency, RequestsPerS,
    TrainTime, GpuHours, Mfu, TokensPerGpu, TrainFlops,
    NotAvailable, NotYetComputed, CannotEvaluate, NoWarnings,
    Step, Formula, Value,
    SourceGpu, SourceModel, SourcePrices, AsOf, DaysOld, PriceSummary, NoPrices,
    // units
    UnitGb, UnitMb, UnitKb, UnitB, UnitMs, UnitS, UnitMin, UnitH, UnitDays, UnitTokensPerS, UnitTokens, UnitReqPerS, UnitSequences, UnitGpus, UnitParams,
    UnitGpuHours, UnitTb, UnitTbPerS, UnitTflops, UnitGbPerS,
    WordActive, WordLayers, WordContext, SuffixMillion, SuffixBillion, SuffixTrillion,
    // cost, price import, curve, details, accuracy, sources
    SectionCost, Currency, Provider, AllProviders, OwnRate, OwnRateHint, YourRatePerHour, OnDemandPerHour,
    SpotPerHour, PerMillionTokens, SpotPerMillionTokens, JobCost, SpotJobCost, OffersTitle, ColProvider, ColKind,
    ColGpus, ColPerGpuHour, ColPerHour, ColAsOf, MarkEstimate, MarkImported, MarkEdited, EditPriceTooltip,
    ShowAllOffers, ShowFewerOffers, BuyVsRent, PurchasePerGpu, PurchaseHint, ElectricityPerKwh, ElectricityHint, Pue,
    PueHint, Utilization, PaybackMonths, NeverPaysBack, RentPerMonth, PowerPerMonth, EnterPurchasePrice,
    NeedRentPrice, KindOnDemand, KindSpot, KindReserved1y, KindReserved3y, UnitPerHour, UnitMonths, SectionImport,
    ImportHint, ChooseFile, PasteHint, ImportPasted, ClearText, ImportedCount, RejectedRows, CsvFormat, CsvHelp,
    SectionCurve, LegendTotal, LegendPerUser, AxisTop, ThisScenario, AxisConcurrency, SectionCapacity, SectionLayout,
    SlaMaxUsers, UnitUsers, GpusForTargetUsers, OptimalBatch, BatchJobTime, ReplicasLabel, SetSlaHint,
    SetBatchHint, SectionBatch, BatchRequests, SuggestedLayout, SuggestedTime, CommWait, CheckpointSize,
    CheckpointWrite, StepTime, NetworkBoundNote, SectionAccuracy, AccuracyBand, AccuracyTooltip, AccuracyIntro, Close,
    ColCase, ColPredicted, ColPublished, ColError, ColRole, RoleCalibration, RoleHeldOut, OpenSourceLink,
    SeeAccuracyDoc, CategoryMemory, CategoryInference, CategoryTraining, SourceCheapest, SourceOffers,
    OffersShownRange, OldestDaysOld, SourceFx, PerMillionTokensShort,
    // compare GPUs
    SectionCompare, CompareHintInference, CompareHintTraining, ColGpu, ColGpuCount, ColMemoryUse, ColTtft,
    ColTokensPerUser, ColTrainTime, ColPerMtok, ColRunCost, ColConfiguration, UseGpu, UseGpuTooltip, InUse,
    ShowAllGpus, ShowTopGpus, PlanOneReplica, PlanReplicas, PlanTrainingLayout, PlanInfeasible, PlanReasonTooltip,
    CompareEmpty,
    // robustness: refused input, clamped values, state kept locally
    PasteTooLarge, FieldNotANumber, FieldClamped, NoticeLinkRepaired, NoticeAdjusted, LinkWithoutLocalPrices,
    LinkWithoutLocalPricesDetail,
    // issue 10: the answer first
    HowComputed, WhatWouldWork, ApplyConfiguration, CheapestThatWorks, MonthlyAtLoad, AutoLayout, AutoLayoutHint,
    SuffixPerRun, SuffixPerJob, SuffixPerMonth, ClampDivideHeads, ClampLayersGpus, ClampTpPp, ClampTpPpCp, ClampSeqLen, ClampGpus,
    // catalogs: VAT, stale prices, spot that is no saving, local hardware presets
    PricesVat, VatExcluded, VatIncluded, VatHint, StalePrices, StaleSkip, StaleUse, StaleHint, MarkStale, MarkNoSaving,
    MyMac, MyPc, LocalHardwareHint,
    // Own or rent (panel_tco.cpp)
    SectionTco, TcoTier, TcoTierNone, TcoVerdictBuy, TcoVerdictBorderline, TcoVerdictRent, TcoVerdictUnknown, TcoPurchase,
    TcoOwnPerMonth, TcoRentPerMonth, TcoPayback, TcoNever, TcoRule, TcoExact, TcoNode, TcoBom, TcoUnpriced, TcoIncomplete, TcoChart,
    TcoLegendOwn, TcoLegendRent, TcoMonths, TcoAssumptions, TcoNodePrice, TcoColocation, TcoMaintenance, TcoDepreciation, TcoStaff,
    TcoRunsPerYear, TcoResidency, TcoResidencyAny, TcoHybrid, TcoBreakEven, TcoNoServer, TcoPower, TcoAdvice, TcoRunning,
    TcoWordBuy, TcoWordRent, TcoWordNone, TcoHybridYear,
    // planner (issue 9): Compare by the workload's metric, filters, Pareto chart; Hardware network inputs
    CompareHintOnline, CompareHintBatch, ColMonthly, ColJobCost, ColTtftP95, ColJobTime, ColWallClock, ColPricing, PricingSpot,
    PricingOnDemand, ColPer1kRequests, CompareWinner, CompareWinnerAlone, FilterAll, FilterDatacenter, FilterWorkstation,
    FilterConsumer, FilterFitsOnly, FilterMeetsSlaOnly, FilterVendor, FilterProvider, FilterCountry, ParetoTitle,
    ParetoCost, ParetoLatency, ExcludedNoFigures, ExcludedDoesNotFit, ExcludedNeedsFabric, ExcludedSlaMissed, ExcludedNoOffer,
    GpusPerNode, GpusPerNodeHint, NetworkPerGpu, NetworkPerGpuHint, CompareNoneShown,
    // page features (issue 13): text mirror, export, your own model, pinned scenario, presets
    MirrorHeading, SectionExport, CopyMarkdown, CopyPlainText, DownloadResultCsv, DownloadCompareCsv, DownloadOffersCsv,
    DownloadJson, Copied, ExportHint, OfflineCopy, OfflineHint, OfflineAlready, SectionHfConfig, HfConfigHint,
    HfConfigRead, HfConfigDone, HfConfigFailed, PinScenario, Unpin, SectionPinned, ColMetric, ColPinned, ColCurrent,
    ColChange, Presets, PresetChatbot, PresetLora, PresetPretrain, PresetBatch, ResetAll, AxisGpus, SectionCostVsGpus,
    // planner: precisions the visitor allows, the no-math-path exclusion, header tooltips (Compare, issue 9)
    ComparePrecisions, ComparePrecisionsTooltip, ExcludedNoMathPath, ComparePrecisionOwnTooltip, ColumnSortTooltip,
    // accuracy (issue 16): the capacity unit
    CapacityUnitNote, CapacityReported,
    Count
};

void        SetLanguage(Language language);
Language    CurrentLanguage();
const char* Tr(Str id);
bool        StringTableIsValid();               // the table's rows are in enum order (else Tr returns "?")
const char* LanguageName(Language language);    // "English", "Русский"
// A warning in the current language: the translation for its Code filled in from the result, or its English Message.
std::string TrWarning(const engine::Warning& warning, const engine::Scenario& scenario, const engine::Result& result);
// A derivation step's label in the current language, or its English Label.
const char* TrStepLabel(const engine::DerivationStep& step);
