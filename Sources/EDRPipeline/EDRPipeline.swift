/// Space-aware cube application, EDR highlight policies, conversion and generation.
public enum EDRPipeline {}
