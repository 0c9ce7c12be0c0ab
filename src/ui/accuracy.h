// gpuplan ui: the validation report (assets/accuracy.json, schema gpuplan.validation_report/1) embedded in the
// app, and the accuracy bands shown next to headline estimates ("±6% · 19 published cases").
#pragma once
#include <string>
#include <vector>

enum class AccuracyCategory { Memory, Inference, Training, Count };

// One published measurement the engine was checked against.
struct AccuracyCase {
    std::string Id;
    std::string Metric;        // "inference.throughput_tokens_per_s"
    double      Predicted = 0; // in the metric's unit
    double      Published = 0;
    double      Error = 0;     // predicted / published − 1
    bool        Calibration = false; // used to fit an efficiency default (else held out)
    std::string PublishedAs;   // the source's own words
    std::string SourceUrl;
};

struct AccuracySummary {
    int    Cases = 0;
    double MedianAbsError = 0; // fraction
};

struct AccuracyReport {
    bool            Loaded = false;
    AccuracySummary Summary[static_cast<int>(AccuracyCategory::Count)];
    std::vector<AccuracyCase> Cases[static_cast<int>(AccuracyCategory::Count)];
};

// Parses the report; false (and Loaded = false) when the text is not a gpuplan.validation_report/1.
bool ParseAccuracyReport(const std::string& text, AccuracyReport* out);
// The report compiled into the app (cmake/app.cmake embeds assets/accuracy.json).
const std::string& EmbeddedAccuracyJson();
