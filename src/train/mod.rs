//! Learning the evaluation from games: self-play data (`selfplay`), sample files in Wuzi's and
//! c-gomoku-cli's formats (`record`), the evaluation as a linear model (`features`), its
//! logistic-regression fit (`fit`) and the subcommands around them (`cli`).
pub mod cli;
pub mod features;
pub mod fit;
pub mod policy;
pub mod record;
pub mod selfplay;
